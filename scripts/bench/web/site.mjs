// Building and serving the site for the web benchmark: the production server on a fresh demo
// database, as `npm start` runs it.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { createServer } from "node:net";

export function buildSite() {
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
}

/** Starts `node server.js` on `port` with a new demo database in `dataDir`; resolves once it answers. */
export async function startSite({ port, dataDir }) {
  const origin = `http://127.0.0.1:${port}`;
  await assertPortFree(port);
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
    },
    stdio: "ignore",
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await once(server, "exit");
  };
  try {
    await waitForHealth(origin);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

/** Another server on the port would answer the health check, and be measured instead. */
async function assertPortFree(port) {
  const probe = createServer().listen(port);
  try {
    await once(probe, "listening");
  } catch {
    throw new Error(`Port ${port} is taken: set BENCH_PORT to a free one`);
  }
  await new Promise((resolve) => probe.close(resolve));
}

async function waitForHealth(origin) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not start");
}

/**
 * fetch, tried once more on failure: after a long Lighthouse or load run a kept-alive socket may
 * have been closed by the server meanwhile.
 */
export async function get(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** The first course page the catalogue links to. */
export async function firstCoursePath(origin) {
  const courses = await (await get(`${origin}/courses`)).text();
  return courses.match(/href="(\/course\/[^"]+)"/)?.[1] ?? "/course/ui-ux-design-fundamentals";
}

/** The apply form of the course page's first open intake. */
export async function firstApplyPath(origin, coursePath) {
  const page = await (await get(`${origin}${coursePath}`)).text();
  const found = page.match(/href="(\/apply\/[^"?#]+)"/)?.[1];
  if (!found) throw new Error(`${coursePath} links to no apply form`);
  return found;
}
