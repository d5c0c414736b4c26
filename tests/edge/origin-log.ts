import type { AppServer } from "../support/app-server";

/** A request an app process answered, from its request log (server/request-log.server.ts). */
export type OriginRequest = { method: string; path: string; status: number };

/** Where each process's log stood at a moment (its last whole line): what follows is counted. */
export type LogMark = number[];

export const markLogs = (servers: AppServer[]): LogMark =>
  servers.map((server) => server.log().lastIndexOf("\n") + 1);

function requestsIn(log: string): OriginRequest[] {
  return log.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      const entry = JSON.parse(line) as {
        req?: { method?: string; path?: string };
        res?: { status?: number };
      };
      if (!entry.req?.path) return [];
      return [
        { method: entry.req.method ?? "", path: entry.req.path, status: entry.res?.status ?? 0 },
      ];
    } catch {
      return [];
    }
  });
}

/** Every request the processes answered since `mark`, over both. */
export function originRequestsSince(servers: AppServer[], mark: LogMark): OriginRequest[] {
  return servers.flatMap((server, index) => requestsIn(server.log().slice(mark[index] ?? 0)));
}

/** How many of `requests` were `method path`. */
export const countOf = (requests: OriginRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path).length;

/**
 * The requests since `mark` once `enough` holds for them, or as they are after `withinMs`: a
 * request's line reaches the process's output a moment after its answer reaches the client.
 */
export async function originRequestsOnceLogged(
  servers: AppServer[],
  mark: LogMark,
  enough: (requests: OriginRequest[]) => boolean,
  withinMs = 5_000,
) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const requests = originRequestsSince(servers, mark);
    if (enough(requests) || Date.now() > deadline) return requests;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
