import { test as base, expect } from "@playwright/test";
import { type AppServer, startAppServer } from "../../support/app-server";

/**
 * The auth library's own lines (a wrong password, an unknown account) are JSON lines of the
 * app's logger like every other, with the request's id, and without the address signed in as.
 */

const test = base;
test.describe.configure({ timeout: 180_000 });

let server: AppServer;
test.beforeAll(async () => {
  // First start: the demo catalogue takes a while.
  test.setTimeout(180_000);
  server = await startAppServer({ dataDirPrefix: "auth-log" });
});
test.afterAll(async () => {
  await server?.stop();
});

const jsonLines = (log: string) =>
  log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test("a wrong password is logged by the auth library as a JSON line with the request id", async ({
  request,
}) => {
  const response = await request.post(`${server.origin}/admin-portal/login`, {
    headers: { "X-Request-Id": "auth-log-1", "X-Forwarded-For": "198.51.100.24" },
    form: { email: "admin@academy.test", password: "not-the-password" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(500);
  await expect
    .poll(() => jsonLines(server.log()).find((line) => /Invalid password/.test(String(line.msg))))
    .toMatchObject({ level: 40, reqId: "auth-log-1", msg: "Better Auth: Invalid password" });
  const authLines = server
    .log()
    .split("\n")
    .filter((line) => line.includes("Better Auth"));
  for (const line of authLines) {
    expect(() => JSON.parse(line), line).not.toThrow();
    expect(line).not.toContain("admin@academy.test");
  }
});
