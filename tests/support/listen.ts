import { once } from "node:events";
import type { AddressInfo } from "node:net";
import type express from "express";
import { onTestFinished } from "vitest";

/** Serves `app` on a free local port for the running test, closed when the test ends. */
export async function listenForTest(app: express.Express): Promise<{ url: string }> {
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}` };
}
