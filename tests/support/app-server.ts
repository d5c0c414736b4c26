import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp } from "node:fs/promises";
import path from "node:path";
import { copyOfDemoData } from "./demo-data";
import { freePort } from "./free-port";

/** The production server (`node server.js` on the build) as a child process, answering. */
export type AppServer = Pick<LaunchedAppServer, "origin" | "dataDir" | "log" | "exited"> & {
  pid: number;
  /** SIGTERM, then the process's end. */
  stop: () => Promise<void>;
  /** SIGKILL (a crash: nothing is finished), then the process's end. */
  kill: () => Promise<void>;
};

type AppServerOptions = {
  env?: Record<string, string>;
  dataDirPrefix?: string;
  /** An existing data folder (a process started again on the same data); else a new one. */
  dataDir?: string;
};

/** The production server as a child process, from its spawn on. */
export type LaunchedAppServer = {
  origin: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server has written to stdout and stderr so far. */
  log: () => string;
  /** Why the process ended, once it has; null while it runs. */
  exited: () => string | null;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  ended: Promise<number | null>;
};

/**
 * Spawns the built server on `port` and a new data folder under `.tmp/` (or `dataDir`), without
 * waiting for it to answer. `env` is added to the defaults: production, the embedded database, and
 * TRUST_PROXY=1, because the caller is the proxy in front of the app (each request may be its
 * own visitor through X-Forwarded-For, so rate limits decide some requests without deciding all).
 */
export async function launchAppServer(
  port: number,
  options: AppServerOptions = {},
): Promise<LaunchedAppServer> {
  const origin = `http://127.0.0.1:${port}`;
  await mkdir(".tmp", { recursive: true });
  const dataDir = options.dataDir ?? (await newDataDir(options));
  const child: ChildProcess = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      DATABASE_URL: "",
      TRUST_PROXY: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let exit: string | null = null;
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const ended = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = `exit code ${code}, signal ${signal}`;
      resolve(code);
    }),
  );
  return { origin, dataDir, child, log: () => output, exited: () => exit, ended };
}

/**
 * A new folder under `.tmp/`. On the embedded database the server seeds the demo content into
 * an empty folder on its first start; a copy of a folder seeded once saves that time.
 */
async function newDataDir(options: AppServerOptions) {
  const folder = await mkdtemp(path.resolve(`.tmp/${options.dataDirPrefix ?? "app-data"}-`));
  return options.env?.DATABASE_URL ? folder : copyOfDemoData(folder);
}

/**
 * Starts the built server (launchAppServer) on `port` (a free one by default) and waits for
 * `/healthz`.
 */
export async function startAppServer(
  options: AppServerOptions & { port?: number } = {},
): Promise<AppServer> {
  const { origin, dataDir, child, log, exited, ended } = await launchAppServer(
    options.port ?? (await freePort()),
    options,
  );

  // First start: migrations and, on the embedded database, the demo catalogue take a while.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited()) throw new Error(`The server stopped while starting (${exited()}):\n${log()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer /healthz in 180 s:\n${log()}`);
    }
    const ok = await fetch(`${origin}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    dataDir,
    pid: child.pid ?? 0,
    log,
    exited,
    async stop() {
      if (!exited()) child.kill("SIGTERM");
      await ended;
    },
    async kill() {
      if (!exited()) child.kill("SIGKILL");
      await ended;
    },
  };
}
