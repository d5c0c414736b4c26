import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";

/** The production server (`node server.js` on the build) on a free port and a new data folder. */
export type ProductionServer = {
  origin: string;
  dataDir: string;
  /** Everything the server has written to stdout and stderr so far. */
  log: () => string;
  /** Why the process ended, once it has; null while it runs. */
  exited: () => string | null;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
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

type Options = {
  /** Names the data folder, `.tmp/<name>-data-…`. */
  name: string;
  /** More environment, e.g. DATABASE_URL (unset: the embedded database in the data folder). */
  env?: Record<string, string>;
};

/** Starts the server and waits until `/healthz` answers (first start: migrations, demo content). */
export async function startServer({ name, env = {} }: Options): Promise<ProductionServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  await mkdir(".tmp", { recursive: true });
  const dataDir = await mkdtemp(path.resolve(`.tmp/${name}-data-`));
  const child: ChildProcess = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      DATABASE_URL: "",
      // The tests are the proxy in front of the app: each request can be its own visitor.
      TRUST_PROXY: "1",
      ...env,
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

  // First start: migrations and the demo catalogue (images, brochures) take a while.
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
    log: () => output,
    exited: () => exit,
    async stop() {
      if (!exit) child.kill("SIGTERM");
      await ended;
    },
  };
}
