// `npm run bench:abuse`: builds the site if needed, serves it on a fresh demo database, and
// attacks it as a stranger could, in two cases:
// 1. three 60 MB urlencoded bodies posted to /contact at once. Prints each answer's status and
//    time, the server's memory (VmRSS) before, at its peak and after, and the latency of
//    /healthz meanwhile. Targets: 413 within 100 ms, memory growth under 20 MB, /healthz under
//    50 ms.
// 2. small bodies with hostile field names (a huge index such as `x[99999999]`, which once took
//    a process to 4 GB, and names of 10,000 segments, which once overflowed the stack) posted to
//    every anonymous form and to the course form, signed in, with a multipart body cut off inside
//    its file. Targets: every answer a 400, answered as fast as an ordinary refused form (median
//    within 3 times that of a form with a missing field, measured in the same run), memory
//    growth under 20 MB, the process still up.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const BODY_BYTES = 60 * 1024 * 1024;
const PARALLEL = 3;

async function freePort() {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  return port;
}

async function waitForServer(origin, server) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error("The server stopped during start-up");
    const healthy = await fetch(`${origin}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not start");
}

/** The server process's resident memory in MB, from the kernel. */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** Streams `bytes` of urlencoded form to `url`; resolves when the answer's headers arrive. */
function postHuge(url, bytes) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(bytes),
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      resolve({ status: response.statusCode, ms: performance.now() - started });
      response.resume();
      request.destroy();
    });
    // Once the server has answered and hung up, the rest of the upload cannot be sent.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.from("message=".padEnd(64 * 1024, "a"));
    let left = bytes;
    const write = () => {
      while (left > 0 && !request.destroyed) {
        const part = chunk.subarray(0, Math.min(left, chunk.length));
        left -= part.length;
        if (!request.write(part)) return request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

/** Posts a small body; resolves with the answer's status and time. */
async function post(url, contentType, body, cookie = "") {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": contentType, cookie },
    body,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function signIn(origin) {
  const response = await fetch(`${origin}/admin-portal/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "admin@academy.test", password: "demo-admin-2026" }),
  });
  if (response.status !== 302) throw new Error(`Signing in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

const urlencoded = "application/x-www-form-urlencoded";
const BOUNDARY = "----benchabuse";
const hostileNames = [
  ["x[99999999]", "x%5B99999999%5D"],
  ["x[10000000]", "x%5B10000000%5D"],
  ["10,000 dotted segments", `a${".b".repeat(10_000)}`],
  ["7,000 nested indexes", `a${"%5B0%5D".repeat(7_000)}`],
];
const anonymousForms = ["/contact", "/admin-portal/login", "/admin-portal/forgot-password"];

/** A course save whose multipart body ends inside its image, its length matching. */
function courseFormCutInFile() {
  return [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="imageFile"; filename="a.png"\r\n`,
    "Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n",
  ].join("");
}

async function hostileFieldNames(origin, pid) {
  const cookie = await signIn(origin);
  const reference = [];
  for (let round = 0; round < 20; round++) {
    for (const path of anonymousForms) {
      reference.push(await post(`${origin}${path}`, urlencoded, "name=A"));
    }
  }
  const before = rssMb(pid);
  let peak = before;
  const rows = [];
  for (const [what, name] of hostileNames) {
    for (const path of anonymousForms) {
      const answers = [];
      for (let round = 0; round < 5; round++) {
        answers.push(await post(`${origin}${path}`, urlencoded, `name=A&${name}=1`));
        peak = Math.max(peak, rssMb(pid));
      }
      rows.push({ what: `${what} to ${path}`, answers });
    }
  }
  const cut = [];
  for (let round = 0; round < 5; round++) {
    cut.push(
      await post(
        `${origin}/admin-portal/courses`,
        `multipart/form-data; boundary=${BOUNDARY}`,
        courseFormCutInFile(),
        cookie,
      ),
    );
    peak = Math.max(peak, rssMb(pid));
  }
  rows.push({ what: "course form cut off in its image", answers: cut });
  const after = rssMb(pid);
  peak = Math.max(peak, after);

  const referenceMedian = percentile(
    reference.map((answer) => answer.ms),
    0.5,
  );
  console.log("\nHostile field names (5 posts each; small bodies)");
  console.log(`  reference: a form with a missing field, median ${ms(referenceMedian)}`);
  for (const { what, answers } of rows) {
    const statuses = [...new Set(answers.map((answer) => answer.status))].join(", ");
    const median = percentile(
      answers.map((answer) => answer.ms),
      0.5,
    );
    console.log(
      `  ${what.slice(0, 60).padEnd(60)} ${statuses}  median ${ms(median)} (${(median / referenceMedian).toFixed(2)} x reference)`,
    );
  }
  console.log(
    `  server RSS: ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB at peak, ${after.toFixed(1)} MB after (growth ${(peak - before).toFixed(1)} MB)`,
  );
  const all = rows.flatMap((row) => row.answers);
  const medianOfAll = percentile(
    all.map((answer) => answer.ms),
    0.5,
  );
  return [
    ["every hostile name answered 400", all.every((answer) => answer.status === 400)],
    ["median within 3 x the reference", medianOfAll <= 3 * referenceMedian],
    ["memory growth under 20 MB", peak - before < 20],
  ];
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value) => `${value.toFixed(1)} ms`;

if (!existsSync("build/server/index.js")) {
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
}
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-abuse-"));
const server = spawn("node", ["server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
  stdio: "ignore",
});

try {
  await waitForServer(origin, server);
  for (let index = 0; index < 20; index++) await (await fetch(`${origin}/contact`)).text();
  const before = rssMb(server.pid);
  let peak = before;

  const health = [];
  let attacking = true;
  const watcher = (async () => {
    while (attacking) {
      const started = performance.now();
      await (await fetch(`${origin}/healthz`)).text();
      health.push(performance.now() - started);
      peak = Math.max(peak, rssMb(server.pid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();

  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, () => postHuge(`${origin}/contact`, BODY_BYTES)),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  attacking = false;
  await watcher;
  const after = rssMb(server.pid);
  peak = Math.max(peak, after);

  console.log(`\n${PARALLEL} x ${BODY_BYTES / 1024 / 1024} MB urlencoded POST /contact at once`);
  for (const [index, answer] of answers.entries()) {
    console.log(`  request ${index + 1}: ${answer.status} in ${ms(answer.ms)}`);
  }
  console.log(
    `  server RSS: ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB at peak, ${after.toFixed(1)} MB after (growth ${(peak - before).toFixed(1)} MB)`,
  );
  console.log(
    `  /healthz meanwhile: ${health.length} requests, median ${ms(percentile(health, 0.5))}, max ${ms(Math.max(...health))}`,
  );
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  const targets = [
    ["413 within 100 ms", answers.every((answer) => answer.status === 413) && slowest < 100],
    ["memory growth under 20 MB", peak - before < 20],
    ["/healthz under 50 ms", Math.max(...health) < 50],
  ];
  for (const [target, met] of targets) console.log(`  ${met ? "met" : "MISSED"}: ${target}`);

  const nameTargets = await hostileFieldNames(origin, server.pid);
  nameTargets.push(["the process still up", server.exitCode === null]);
  for (const [target, met] of nameTargets) console.log(`  ${met ? "met" : "MISSED"}: ${target}`);
} finally {
  server.kill("SIGTERM");
  if (server.exitCode === null) await once(server, "exit");
  rmSync(dataDir, { recursive: true, force: true });
}
