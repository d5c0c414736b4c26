import { execFile } from "node:child_process";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";

const run = promisify(execFile);

/** A PostgreSQL server of the suite's own, which it may stop and start at will. */
export type PostgresCluster = {
  /** A URL for the `postgres` database as the `postgres` superuser. */
  url: (database?: string) => string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

const binDir = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

/**
 * initdb refuses to run as root: as root, the cluster's folder is handed to the `postgres`
 * user and the server binaries run as that user.
 */
async function asClusterOwner(file: string, args: string[]) {
  const command = path.join(binDir, file);
  if (process.getuid?.() === 0) return run("runuser", ["-u", "postgres", "--", command, ...args]);
  return run(command, args);
}

/** `initdb` and `pg_ctl` on a free port in a new temporary folder; never touches another cluster. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const root = await mkdtemp(path.join(tmpdir(), "academy-pg-"));
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(root, Number(stdout.trim()), Number(group.trim()));
  }
  const dataDir = path.join(root, "data");
  const port = await freePort();
  await asClusterOwner("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = async () => {
    await asClusterOwner("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(root, "server.log"),
      "-o",
      options,
      "-w",
      "start",
    ]);
  };
  const stop = async () => {
    await asClusterOwner("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  };
  await start();
  return {
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
