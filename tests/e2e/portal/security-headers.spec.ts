import { collectPolicyViolations, expectScriptsCarryNonce } from "../fixtures";
import { expect, openPortal, PORTAL, test, waitForHydration } from "./portal-fixtures";

/**
 * The portal's pages run under the Content-Security-Policy: hydration, the live unread count
 * (server-sent events) and the modals are never blocked by it.
 */

test("the login page is served with the policy and runs under it", async ({ page, request }) => {
  await expectScriptsCarryNonce(await request.get(`${PORTAL}/login`));
  const violations = collectPolicyViolations(page);
  await page.goto(`${PORTAL}/login`);
  expect(violations).toEqual([]);
  await waitForHydration(page);
  expect(violations).toEqual([]);
});

test("every portal page runs under the policy, live updates included", async ({
  page,
  superAdmin,
}) => {
  expect(superAdmin.role).toBe("super_admin");
  await expectScriptsCarryNonce(await page.request.get(`${PORTAL}/dashboard`));

  const violations = collectPolicyViolations(page);
  // The bell's live count connects to its event stream once the portal has hydrated.
  const eventStream = page.waitForResponse((response) =>
    response.url().endsWith(`${PORTAL}/events`),
  );
  for (const path of ["dashboard", "courses", "courses?modal=create", "messages", "admins"]) {
    await openPortal(page, `${PORTAL}/${path}`);
  }
  expect((await eventStream).status()).toBe(200);
  expect(violations).toEqual([]);
});

test("signed-in pages, their data, the CSV export and the event stream are never cached", async ({
  page,
  superAdmin,
}) => {
  expect(superAdmin.role).toBe("super_admin");
  for (const path of ["dashboard", "messages.data", "messages/export"]) {
    const response = await page.request.get(`${PORTAL}/${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  const eventStream = page.waitForResponse((response) =>
    response.url().endsWith(`${PORTAL}/events`),
  );
  await openPortal(page, `${PORTAL}/dashboard`);
  expect((await eventStream).headers()["cache-control"]).toBe("private, no-store");
});
