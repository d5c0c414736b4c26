import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { setImmediate as nextLoopTurn } from "node:timers/promises";
import type { Logger } from "pino";
import { beginShutdown, runShutdownTasks } from "~/lib/infra/shutdown.server";

type Options = {
  /** How long in-flight requests may take to finish before their connections are cut. */
  timeoutMs: number;
  logger: Logger;
  /** The last step, after the registered tasks: closing the database. */
  close: () => Promise<void>;
};

/**
 * How long a connection must have received nothing, with no request open, before the drain
 * closes it: a connection accepted a moment ago may hold a request not read yet.
 */
const QUIET_MS = 500;
const SWEEP_MS = 100;
/**
 * The most connections that can be waiting to be accepted when the signal comes: the listen
 * backlog (Node's default, which server.js keeps). Accepting stops there, so clients that go on
 * connecting after the signal cannot hold the stop open.
 */
const LISTEN_BACKLOG = 511;

type Connection = {
  /** Requests read and not yet answered. */
  open: number;
  /** What the socket had received when it last became idle, and when. */
  bytesWhenIdle: number;
  idleSince: number;
  /** Sweeps in a row that found it quiet. */
  quietSweeps: number;
};

/**
 * Prepares `server` for a graceful stop and returns the stop itself, for the signal handlers
 * (server.js). The stop:
 *
 * 1. marks the process as shutting down: `/readyz` answers 503, event streams end (the browser's
 *    EventSource reconnects, through the load balancer, to another process);
 * 2. accepts the connections already waiting, then no more;
 * 3. lets the requests in flight finish, and reads and answers the requests that arrived on
 *    connections already open, each with `Connection: close` where its head is not sent yet,
 *    so no client reuses a connection that is about to close; connections that stay quiet
 *    (no request open, nothing received for QUIET_MS) are closed;
 * 4. after `timeoutMs`, cuts the connections still open;
 * 5. runs the tasks registered with `onShutdown` (background jobs), then `close` (the database).
 *
 * Connections are tracked from the moment this is called, so call it right after `listen`.
 */
export function prepareGracefulShutdown(server: Server, options: Options) {
  const connections = new Map<Socket, Connection>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    connections.set(socket, { open: 0, bytesWhenIdle: 0, idleSince: Date.now(), quietSweeps: 0 });
    socket.once("close", () => connections.delete(socket));
  });

  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) connection.open += 1;
    inFlight.add(res);
    if (draining) closeAfter(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (connection) {
        connection.open -= 1;
        connection.bytesWhenIdle = req.socket.bytesRead;
        connection.idleSince = Date.now();
        connection.quietSweeps = 0;
      }
    });
  });

  /**
   * Closes the connections with no request open that have received nothing for QUIET_MS, as
   * seen by two sweeps in a row: the event loop reads the sockets between two sweeps, so a
   * request that had arrived when the first one ran is not mistaken for silence (the loop may
   * have been busy for longer than QUIET_MS).
   */
  function closeQuietConnections() {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      const quiet = connection.open === 0 && socket.bytesRead === connection.bytesWhenIdle;
      connection.quietSweeps = quiet ? connection.quietSweeps + 1 : 0;
      if (connection.quietSweeps >= 2 && now - connection.idleSince >= QUIET_MS) socket.destroy();
    }
  }

  let stopping: Promise<void> | undefined;
  return function stop(signal: string): Promise<void> {
    stopping ??= (async () => {
      const { logger, timeoutMs } = options;
      const deadline = Date.now() + timeoutMs;
      logger.info({ inFlight: inFlight.size }, `${signal} received: draining, then stopping`);
      draining = true;
      beginShutdown();
      for (const res of inFlight) closeAfter(res);
      await acceptWaitingConnections(server, deadline);
      const sweep = setInterval(closeQuietConnections, SWEEP_MS);
      const drained = await stopListening(server, deadline - Date.now());
      clearInterval(sweep);
      if (!drained) {
        logger.warn(
          { inFlight: inFlight.size },
          `Requests still open after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): cutting their connections`,
        );
        for (const socket of connections.keys()) socket.destroy();
      }
      await runShutdownTasks((name, error) =>
        logger.error({ err: error }, `Shutdown: stopping ${name} failed`),
      );
      await options.close();
      logger.info("Stopped");
    })();
    return stopping;
  };
}

/**
 * Accepts the connections that reached the listening socket before the signal (the kernel has
 * completed their handshake; their clients may have sent a request): closing it while they
 * wait would reset them. Node accepts one of them per turn of the event loop, so this lets the
 * loop turn until two turns in a row accept none. Not for a fixed time: on a busy process a
 * turn can take 100 ms or more (a cold process storing a burst on the embedded database took
 * 2.2 s for 22 of 50 waiting connections), and the rest would be reset.
 */
async function acceptWaitingConnections(server: Server, deadline: number) {
  let accepted = 0;
  const count = () => {
    accepted += 1;
  };
  server.on("connection", count);
  let quietTurns = 0;
  while (quietTurns < 2 && accepted < LISTEN_BACKLOG && Date.now() < deadline) {
    const before = accepted;
    await nextLoopTurn();
    quietTurns = accepted === before ? quietTurns + 1 : 0;
  }
  server.off("connection", count);
}

function closeAfter(res: ServerResponse) {
  if (!res.headersSent) res.setHeader("Connection", "close");
}

/**
 * Closes the listening socket; true once every connection has ended, false if `timeoutMs`
 * passed first. Not `http.Server#close()`: it also destroys every connection it deems idle,
 * among them those accepted a moment ago whose request is not read yet, whose clients would
 * see their connection reset.
 */
function stopListening(server: Server, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs));
    NetServer.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
