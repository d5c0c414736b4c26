import { type ChildProcess, spawn } from "node:child_process";
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { freePort } from "../support/free-port";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const REPOSITORY_CONFIG = "deploy/nginx/academy.conf";

/** nginx started from the repository's configuration, in front of the app processes. */
export type Edge = {
  /** The site through nginx and its cache. */
  origin: string;
  /** The same nginx serving `staticFolder` as plain files, for the throughput comparison. */
  staticOrigin: string;
  /** Files put here are served at `${staticOrigin}/static/<name>` as brotli-encoded HTML. */
  staticFolder: string;
  /** What nginx has logged (errors and warnings) so far. */
  errorLog: () => Promise<string>;
  /** The access log of the site, in the repository's log format, so far. */
  accessLog: () => Promise<string>;
  stop: () => Promise<void>;
};

/** The values deploy/nginx/academy.conf leaves for an operator to change, as the suite sets them. */
type Local = {
  listenPort: number;
  appAddresses: [string, string];
  cacheFolder: string;
  accessLog: string;
};

/** Replaces `from`, which must appear exactly once, so a changed file fails loudly here. */
function replaceOnce(text: string, from: string, to: string) {
  const count = text.split(from).length - 1;
  if (count !== 1) {
    throw new Error(
      `${REPOSITORY_CONFIG} has "${from}" ${count} times; the suite replaces it once`,
    );
  }
  return text.replace(from, to);
}

/** The repository's configuration with only its ports and paths replaced by the suite's. */
export function localConfig(text: string, local: Local) {
  const replacements: Array<[string, string]> = [
    ["listen 80;", `listen 127.0.0.1:${local.listenPort};`],
    ["server 127.0.0.1:3000;", `server ${local.appAddresses[0]};`],
    ["server 127.0.0.1:3001;", `server ${local.appAddresses[1]};`],
    ["proxy_cache_path /var/cache/nginx/academy ", `proxy_cache_path ${local.cacheFolder} `],
    ["access_log /var/log/nginx/academy.access.log ", `access_log ${local.accessLog} `],
  ];
  return replacements.reduce((config, [from, to]) => replaceOnce(config, from, to), text);
}

/**
 * The suite's own nginx.conf: its pid file, logs and temporary folders under `prefix`, the
 * repository's file included, and a second server on `staticPort` (same workers, same access
 * log format) that serves the static copy of a page with the Content-Encoding it was saved in.
 */
function wrapperConfig(prefix: string, staticPort: number) {
  const inPrefix = (name: string) => path.join(prefix, name);
  // As root, the workers would switch to `nobody`, who cannot enter the suite's folders.
  const user = process.getuid?.() === 0 ? "user root;" : "";
  return `${user}
worker_processes auto;
pid ${inPrefix("nginx.pid")};
error_log ${inPrefix("error.log")} warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${inPrefix("temp/body")};
  proxy_temp_path ${inPrefix("temp/proxy")};
  fastcgi_temp_path ${inPrefix("temp/fastcgi")};
  uwsgi_temp_path ${inPrefix("temp/uwsgi")};
  scgi_temp_path ${inPrefix("temp/scgi")};
  include ${inPrefix("academy.conf")};
  server {
    listen 127.0.0.1:${staticPort};
    access_log ${inPrefix("static.access.log")} academy_edge;
    location /static/ {
      root ${prefix};
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding br;
    }
  }
}
`;
}

function portAnswers(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function untilListening(
  child: ChildProcess,
  ports: number[],
  errorLog: () => Promise<string>,
) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx stopped while starting:\n${await errorLog()}`);
    if ((await Promise.all(ports.map(portAnswers))).every(Boolean)) return;
    if (Date.now() > deadline)
      throw new Error(`nginx did not listen in 15 s:\n${await errorLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts nginx as the current user, from a new folder under `.tmp/`, in front of `appOrigins`. */
export async function startNginx(appOrigins: [string, string], listenPort: number): Promise<Edge> {
  await access(NGINX).catch(() => {
    throw new Error(`${NGINX} is missing: install Debian's nginx (apt-get install -y nginx)`);
  });
  await mkdir(".tmp", { recursive: true });
  const prefix = await mkdtemp(path.resolve(".tmp/edge-nginx-"));
  for (const folder of ["temp", "cache", "static"]) await mkdir(path.join(prefix, folder));
  const staticPort = await freePort();
  const repositoryConfig = await readFile(REPOSITORY_CONFIG, "utf8");
  const local = localConfig(repositoryConfig, {
    listenPort,
    appAddresses: appOrigins.map((origin) => new URL(origin).host) as [string, string],
    cacheFolder: path.join(prefix, "cache"),
    accessLog: path.join(prefix, "access.log"),
  });
  await writeFile(path.join(prefix, "academy.conf"), local);
  const config = path.join(prefix, "nginx.conf");
  await writeFile(config, wrapperConfig(prefix, staticPort));

  const errorLogFile = path.join(prefix, "error.log");
  const errorLog = () => readFile(errorLogFile, "utf8").catch(() => "(no error log)");
  // -e: the log for what nginx says before it has read the configuration.
  const child = spawn(
    NGINX,
    ["-p", prefix, "-c", config, "-e", errorLogFile, "-g", "daemon off;"],
    {
      stdio: "ignore",
    },
  );
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await untilListening(child, [listenPort, staticPort], errorLog);

  return {
    origin: `http://127.0.0.1:${listenPort}`,
    staticOrigin: `http://127.0.0.1:${staticPort}`,
    staticFolder: path.join(prefix, "static"),
    errorLog,
    accessLog: () => readFile(path.join(prefix, "access.log"), "utf8").catch(() => ""),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await ended;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
