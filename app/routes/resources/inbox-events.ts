import { readAdminSession, requireAdmin } from "~/features/auth/session.server";
import { inboxPulse } from "~/features/messages/inbox/inbox.server";
import { logger } from "~/lib/infra/logger.server";
import { shutdownSignal } from "~/lib/infra/shutdown.server";
import type { Route } from "./+types/inbox-events";

const POLL_MS = 3000;
const HEARTBEAT_MS = 20_000;
/** How long a stream may go without checking its session when there is nothing to send. */
const SESSION_CHECK_MS = 15_000;

/**
 * Server-sent events for the portal: a `pulse` (unread count, newest message) whenever it
 * changes. It reads the database every few seconds (three index-sized queries), so it works with
 * any number of app processes behind a load balancer. It checks the session before every write
 * and at least every SESSION_CHECK_MS, and ends, sending nothing more, once the admin is signed
 * out or deactivated. It also ends when the process begins to shut down; the browser's
 * EventSource then reconnects after `retry`, through the load balancer, to a process that stays.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const release = () => {
    closed = true;
    clearTimeout(timer);
    shutdownSignal().removeEventListener("abort", stop);
  };
  function stop() {
    if (closed) return;
    release();
    try {
      stream?.close();
    } catch {
      // already closed by the client
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
      let last = "";
      let lastWrite = Date.now();
      let lastCheck = Date.now();
      const send = (text: string) => {
        if (closed) return;
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      request.signal.addEventListener("abort", stop);
      if (shutdownSignal().aborted) return stop();
      shutdownSignal().addEventListener("abort", stop);
      send(`retry: ${POLL_MS}\n\n`);
      const tick = async () => {
        try {
          const pulse = JSON.stringify(await inboxPulse());
          const now = Date.now();
          const writes = pulse !== last || now - lastWrite > HEARTBEAT_MS;
          if (writes || now - lastCheck >= SESSION_CHECK_MS) {
            lastCheck = now;
            if ((await readAdminSession(request)).status !== "active") return stop();
          }
          if (pulse !== last) {
            last = pulse;
            send(`event: pulse\ndata: ${pulse}\n\n`);
          } else if (Date.now() - lastWrite > HEARTBEAT_MS) send(": heartbeat\n\n");
        } catch (error) {
          logger.error({ err: error }, "Inbox events: reading the database failed");
        }
        if (!closed) timer = setTimeout(tick, POLL_MS);
      };
      void tick();
    },
    cancel: release,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
