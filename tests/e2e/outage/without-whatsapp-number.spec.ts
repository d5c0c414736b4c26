import { test as base, expect } from "@playwright/test";
import { type AppServer, startAppServer } from "../../support/app-server";

/** A server without WHATSAPP_NUMBER: no buttons, and their address is the site's 404 page. */

const test = base;
test.describe.configure({ timeout: 120_000 });

let server: AppServer;
test.beforeAll(async () => {
  // A hook has the project's 30 s, not the tests' time: a first start seeds the demo
  // catalogue, which takes longer on a busy machine (startAppServer waits up to 180 s).
  test.setTimeout(180_000);
  server = await startAppServer({
    dataDirPrefix: "without-whatsapp",
    env: { WHATSAPP_NUMBER: "" },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("/go/whatsapp answers the site's 404 page", async ({ page }) => {
  const response = await page.goto(`${server.origin}/go/whatsapp?course=python-for-data-science`);
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-type"]).toContain("text/html");
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
});
