import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";

/** The production server (`node server.js` on the build) as a child process. */
export type AppServer = {
  origin: string;
  dataDir: string;
  pid: number;
  /** Everything the server has written to stdout and stderr so far. */
  log: () => string;
  /** Why the process ended, once it has; null while it runs. */
  exited: () => string | null;
  /** SIGTERM, then the process's end. */
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("No port")),
      );
    });
  });
}

/**
 * Starts the built server on a free port and a new data folder under `.tmp/`, and waits for
 * `/healthz`. `env` is added to the defaults: production, the embedded database, and
 * TRUST_PROXY=1, because the caller is the proxy in front of the app (each request may be its
 * own visitor through X-Forwarded-For, so rate limits decide some requests without deciding all).
 */
export async function startAppServer(
  options: { env?: Record<string, string>; dataDirPrefix?: string } = {},
): Promise<AppServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  await mkdir(".tmp", { recursive: true });
  const dataDir = await mkdtemp(path.resolve(`.tmp/${options.dataDirPrefix ?? "app-data"}-`));
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
  const ended = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = `exit code ${code}, signal ${signal}`;
      resolve();
    }),
  );

  // First start: migrations and, on the embedded database, the demo catalogue take a while.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exit) throw new Error(`The server stopped while starting (${exit}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer /healthz in 180 s:\n${output}`);
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
    log: () => output,
    exited: () => exit,
    async stop() {
      if (!exit) child.kill("SIGTERM");
      await ended;
    },
  };
}
