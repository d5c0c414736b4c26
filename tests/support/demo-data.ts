import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./free-port";

/**
 * A new data folder holding the demo content, for a production server on the embedded database.
 * Seeding the catalogue (22 courses with their images and brochures, tutors, messages,
 * applications) takes a server 20-40 s on this machine; a copy of a folder seeded once takes
 * well under a second. The folder seeded once is kept per build and password hash cost
 * (`.tmp/demo-data-<hash of build/server>-<cost>`), so a change to the seed is seeded again
 * after the next build (docs/decisions/0051-test-time.md).
 */
export async function copyOfDemoData(target: string) {
  const template = await demoDataTemplate();
  await mkdir(path.dirname(target), { recursive: true });
  await cp(template, target, { recursive: true });
  return target;
}

/** The seeded folder of this build, made by the first caller; the others wait for it. */
async function demoDataTemplate() {
  buildHashOnce ??= buildHash();
  // The demo admin's password hash is made at this process's cost (decision 0076): the fuzz
  // suite's servers hash at the standard cost, the browser tests' at the test cost.
  const cost = process.env.PASSWORD_HASH_COST ?? "standard";
  const template = path.resolve(`.tmp/demo-data-${await buildHashOnce}-${cost}`);
  const lock = `${template}.lock`;
  if ((await lockOrReady(lock, () => exists(template))) === "ready") return template;
  try {
    const building = `${template}.building`;
    await rm(building, { recursive: true, force: true });
    await seedOnce(building);
    await rename(building, template);
    return template;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Waits until `ready()` holds (another process made the folder: "ready") or the lock folder
 * `lock` is ours ("locked"; its `owner` file holds our process id, and the caller removes the
 * lock when done). A lock whose owner process is gone (a run stopped while it seeded) is
 * refused at once with what to do, rather than waited on until a timeout.
 */
export async function lockOrReady(
  lock: string,
  ready: () => Promise<boolean>,
  timeoutMs = 240_000,
): Promise<"ready" | "locked"> {
  const deadline = Date.now() + timeoutMs;
  // A fresh checkout has no .tmp yet: without it the lock could never be taken.
  await mkdir(path.dirname(lock), { recursive: true });
  for (;;) {
    if (await ready()) return "ready";
    const taken = await mkdir(lock, { recursive: false }).then(
      () => true,
      () => false,
    );
    if (taken) {
      await writeFile(path.join(lock, "owner"), String(process.pid));
      return "locked";
    }
    // A lock without its owner file was taken a moment ago: its owner is writing the file.
    const owner = Number(await readFile(path.join(lock, "owner"), "utf8").catch(() => ""));
    if (owner && !processIsAlive(owner))
      throw new Error(
        `${lock} was left by a run stopped while it seeded the demo data (process ${owner} has ended): remove it and run again`,
      );
    if (Date.now() > deadline)
      throw new Error(
        `Waited ${timeoutMs / 1000} s for ${lock} to go: remove it if no other run is seeding`,
      );
    await sleep(250);
  }
}

function processIsAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Starts the built server on `folder` until it answers /healthz (seeded), then stops it. */
async function seedOnce(folder: string) {
  const port = await freePort();
  let output = "";
  const child = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: folder,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const ended = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 180_000;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode)
        throw new Error(`Seeding the demo data stopped:\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`Seeding the demo data took over 180 s:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ready) break;
      await sleep(250);
    }
  } finally {
    child.kill("SIGTERM");
    await ended;
  }
}

/** The build does not change while a test process runs: hashed once per process. */
let buildHashOnce: Promise<string> | undefined;

async function buildHash() {
  const hash = createHash("sha256");
  const folder = path.resolve("build/server");
  const files = (await readdir(folder, { recursive: true })).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (!(await stat(full)).isFile()) continue;
    hash.update(file).update(await readFile(full));
  }
  return hash.digest("hex").slice(0, 12);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
