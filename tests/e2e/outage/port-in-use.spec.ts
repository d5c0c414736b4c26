import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import { test as base, expect } from "@playwright/test";
import { launchAppServer } from "../../support/app-server";
import { freePort } from "../../support/free-port";

/**
 * A server started on a port another process listens on must not look started: it says which
 * port is taken and exits non-zero, its job workers and database closed with it, so a process
 * manager sees the failure instead of a process that answers nothing.
 */

const test = base;
test.describe.configure({ timeout: 180_000 });

test("a server started on a port in use says so and exits with 1", async () => {
  const port = await freePort();
  const occupant = createServer();
  await new Promise<void>((resolve) => occupant.listen(port, resolve));
  const app = await launchAppServer(port, { dataDirPrefix: "port-in-use" });
  try {
    // Either it exits, or it claims to run (what it did: then it stayed up, not listening).
    const claimsToRun = new Promise<"claims to run">((resolve) =>
      app.child.stdout?.on("data", () => {
        if (app.log().includes("is running at")) resolve("claims to run");
      }),
    );
    const outcome = await Promise.race([app.ended, claimsToRun]);
    expect(outcome, app.log()).toBe(1);
    expect(app.log()).toContain(
      `Port ${port} is in use by another process: stop it, or set PORT to a free port`,
    );
    expect(app.log()).not.toContain("is running at");
  } finally {
    app.child.kill("SIGKILL");
    await new Promise((resolve) => occupant.close(resolve));
    await rm(app.dataDir, { recursive: true, force: true });
  }
});
