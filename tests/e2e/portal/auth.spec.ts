import type { Page } from "@playwright/test";
import {
  apiSignIn,
  DEMO_ADMIN,
  errorOf,
  expect,
  newApiClient,
  openPortal,
  PORTAL,
  randomAddress,
  readOutbox,
  SESSION_COOKIE,
  sessionCookie,
  successToast,
  test,
  textbox,
  uid,
  waitForHydration,
  waitForMail,
} from "./portal-fixtures";

const messages = {
  welcome: "Welcome back! Redirecting to dashboard...",
  invalid: "Invalid email or password. Please check your credentials and try again.",
  inactive: "Admin account not found or inactive. Please contact your system administrator.",
  tooMany: "Too many login attempts. Please wait a moment and try again.",
  resetRequested:
    "If an admin account exists for that email address, we have sent a link to reset its password. The link works once, within one hour.",
  resetDone: "Your password has been changed. Please sign in with your new password.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  signInLinkSent:
    "If an admin account exists for that email address, we have sent it a sign-in link. The link works once, within 15 minutes.",
  signInLinkInvalid: "This sign-in link is invalid or has expired. Please ask for a new one.",
};

const loginForm = (page: Page) => ({
  email: textbox(page, "Email"),
  password: textbox(page, "Password"),
  rememberMe: page.getByLabel("Remember me"),
  submit: page.getByRole("button", { name: "Sign In" }),
  alert: page.locator("main").getByRole("alert"),
});

async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
  rememberMe = false,
) {
  await openPortal(page, `${PORTAL}/login`);
  const form = loginForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  if (rememberMe) await form.rememberMe.check();
  await form.submit.click();
}

test.describe("sign-in (smoke, also on a phone)", { tag: "@phone" }, () => {
  test("an admin signs in and lands on the dashboard with the welcome toast", async ({
    page,
    createAdmin,
  }) => {
    const account = await createAdmin();
    await openPortal(page, `${PORTAL}/login`);
    await expect(page.getByRole("heading", { name: "Admin Portal", level: 1 })).toBeVisible();
    // Demo mode shows the demo super admin's credentials.
    await expect(page.locator("[data-demo-email]")).toHaveText(DEMO_ADMIN.email);
    await expect(page.locator("[data-demo-password]")).toHaveText(DEMO_ADMIN.password);
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      `${PORTAL}/forgot-password`,
    );

    const form = loginForm(page);
    await form.email.fill(account.email);
    await form.password.fill(account.password);
    await form.submit.click();
    await expect(page).toHaveURL(`${PORTAL}/dashboard`);
    await expect(successToast(page, messages.welcome)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(account.name);
  });

  test("the dashboard shows real figures, recent activity and working quick actions", async ({
    page,
    superAdmin,
  }) => {
    await openPortal(page, `${PORTAL}/dashboard`);
    await expect(page.getByText(`Welcome back, ${superAdmin.name}.`)).toBeVisible();
    const stats = page.getByRole("region", { name: "Statistics" });
    for (const label of ["Students", "Tutors", "Courses", "New Messages", "Admins"]) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    // No invented numbers: students are those enrolled; tutors count the active ones.
    await expect(stats.getByText("Enrolled, across all intakes")).toBeVisible();
    await expect(stats.getByText("Active, shown on the About page")).toBeVisible();
    await expect(stats.getByText("1,234")).toHaveCount(0);
    await expect(stats.getByText(/^\d+ active$/)).toHaveCount(2);
    await expect(stats.getByText(/^\d+ received today$/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();

    const quick = page.getByRole("region", { name: "Quick Actions" });
    await expect(quick.getByRole("link", { name: "Add Course" })).toHaveAttribute(
      "href",
      `${PORTAL}/courses?modal=create`,
    );
    await expect(quick.getByRole("link", { name: "Manage Admins" })).toHaveAttribute(
      "href",
      `${PORTAL}/admins`,
    );
    await quick.getByRole("link", { name: "Read New Messages" }).click();
    await expect(page).toHaveURL(`${PORTAL}/messages?status=unread`);
    await expect(page.getByRole("heading", { name: "Messages and Inquiries" })).toBeVisible();
  });

  test("the sidebar has all twelve entries and Logout; on a phone it opens with the toggle", async ({
    page,
    superAdmin,
    isMobile,
  }) => {
    void superAdmin;
    await openPortal(page, `${PORTAL}/dashboard`);
    const nav = page.getByRole("navigation", { name: "Portal" });
    const entries = [
      ["Dashboard", "dashboard"],
      ["Students", "students"],
      ["Timetable", "timetable"],
      ["Tutors", "tutors"],
      ["Courses", "courses"],
      ["Messages", "messages"],
      ["Saved Replies", "saved-replies"],
      ["Discounts", "discounts"],
      ["Sponsored seats", "sponsors"],
      ["Reports", "reports"],
      ["Settings", "settings"],
      ["Admins", "admins"],
    ] as const;
    const logout = page.getByRole("button", { name: "Logout" });
    const toggle = page.getByRole("button", { name: "Toggle sidebar" });
    const expectEntries = async () => {
      await expect(nav.getByRole("link")).toHaveCount(entries.length);
      for (const [label, path] of entries) {
        await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
          "href",
          `${PORTAL}/${path}`,
        );
      }
      await expect(logout).toBeVisible();
    };

    if (isMobile) {
      // 360 px: the sidebar is off-screen until the header's toggle opens it.
      expect(page.viewportSize()?.width).toBe(360);
      await expect(nav).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(nav).toBeVisible();
      await expect(nav).toBeInViewport();
      await expectEntries();
      // Choosing an entry navigates and closes the sidebar again.
      await nav.getByRole("link", { name: "Settings", exact: true }).click();
      await expect(page).toHaveURL(`${PORTAL}/settings`);
      await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(nav).toBeHidden();
      // Opened again, a tap on the dimmed page beside it closes it (the open sidebar, 256 px
      // wide, covers the toggle itself).
      await toggle.click();
      await expect(nav).toBeVisible();
      await page.mouse.click(340, 400);
      await expect(nav).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    } else {
      await expect(toggle).toBeHidden();
      await expect(nav).toBeVisible();
      await expectEntries();
      await nav.getByRole("link", { name: "Reports", exact: true }).click();
      await expect(page).toHaveURL(`${PORTAL}/reports`);
      await expect(page.getByRole("heading", { name: "Messages per week" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Reports" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });
});

test.describe("sign-in", () => {
  test("each validation message of the login form", async ({ page }) => {
    await openPortal(page, `${PORTAL}/login`);
    const form = loginForm(page);
    await form.submit.click();
    await expect(errorOf(form.email)).toHaveText("Email is required");
    await expect(errorOf(form.password)).toHaveText("Password is required");
    await expect(page).toHaveURL(`${PORTAL}/login`);

    await form.email.fill("not-an-address");
    await form.password.fill("12345");
    await form.submit.click();
    await expect(errorOf(form.email)).toHaveText("Invalid email address");
    await expect(errorOf(form.password)).toHaveText("Password must be at least 6 characters");
    await expect(form.email).toHaveAttribute("aria-invalid", "true");

    // Corrected fields lose their messages.
    await form.email.fill("someone@academy.test");
    await form.password.fill("123456");
    await expect(errorOf(form.email)).toHaveText("");
    await expect(errorOf(form.password)).toHaveText("");
  });

  test("the server repeats the validation when the browser's check is bypassed", async ({
    page,
  }) => {
    const response = await page.request.post(`${PORTAL}/login`, {
      form: { email: "nope", password: "123" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Password must be at least 6 characters");
  });

  test("a wrong password is refused with the login message", async ({ page, createAdmin }) => {
    const account = await createAdmin();
    await signInThroughForm(page, { email: account.email, password: "wrong-password" });
    await expect(loginForm(page).alert).toHaveText(messages.invalid);
    await expect(page).toHaveURL(/\/admin-portal\/login/);
    expect(await sessionCookie(page.context())).toBeUndefined();

    // An unknown address gets the same answer: nothing reveals which accounts exist.
    await signInThroughForm(page, {
      email: `nobody-${Date.now()}@academy.test`,
      password: "x1234567",
    });
    await expect(loginForm(page).alert).toHaveText(messages.invalid);
  });

  test("an inactive admin is refused and gets no session", async ({ page, createAdmin }) => {
    const account = await createAdmin({ active: false });
    await signInThroughForm(page, account);
    await expect(loginForm(page).alert).toHaveText(messages.inactive);
    await expect(page).toHaveURL(/\/admin-portal\/login/);
    await page.goto(`${PORTAL}/dashboard`);
    await expect(page).toHaveURL(`${PORTAL}/login`);
  });

  test("remember me: unchecked gives a browser-session cookie, checked one that lasts 30 days", async ({
    browser,
    page,
    createAdmin,
    clientAddress,
  }) => {
    const account = await createAdmin();
    await signInThroughForm(page, account, false);
    await expect(page).toHaveURL(`${PORTAL}/dashboard`);
    const shortLived = await sessionCookie(page.context());
    expect(shortLived, SESSION_COOKIE).toBeDefined();
    expect(shortLived?.expires).toBe(-1);
    expect(shortLived?.httpOnly).toBe(true);

    const context = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    try {
      const second = await context.newPage();
      await signInThroughForm(second, account, true);
      await expect(second).toHaveURL(`${PORTAL}/dashboard`);
      const lasting = await sessionCookie(context);
      expect(lasting, SESSION_COOKIE).toBeDefined();
      const days = ((lasting?.expires ?? 0) * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
      expect(days).toBeGreaterThan(29);
      expect(days).toBeLessThan(31);
    } finally {
      await context.close();
    }
  });

  test("after five failed attempts for one account, the next is refused even with the right password", async ({
    page,
    createAdmin,
  }) => {
    const account = await createAdmin();
    await openPortal(page, `${PORTAL}/login`);
    const form = loginForm(page);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await form.email.fill(account.email);
      await form.password.fill(`wrong-${attempt}-password`);
      await form.submit.click();
      await expect(form.alert, `attempt ${attempt}`).toHaveText(messages.invalid);
      await expect(form.submit).toBeEnabled();
    }
    await form.email.fill(account.email);
    await form.password.fill(account.password);
    await form.submit.click();
    await expect(form.alert).toHaveText(messages.tooMany);
    await expect(page).toHaveURL(/\/admin-portal\/login/);
    expect(await sessionCookie(page.context())).toBeUndefined();
  });

  test("per client address: after 20 attempts the next is refused, and a forged X-Forwarded-For does not help", async ({
    page,
    clientAddress,
  }) => {
    const attempt = (forwardedFor: string) =>
      page.request.post(`${PORTAL}/login`, {
        // A different unknown account each time: only the address limit applies.
        form: { email: `nobody-${uid()}@academy.test`, password: "wrong-password" },
        headers: { "X-Forwarded-For": forwardedFor },
        maxRedirects: 0,
      });
    for (let count = 1; count <= 20; count++) {
      const response = await attempt(clientAddress);
      expect(response.status(), `attempt ${count}`).toBe(401);
    }
    const refused = await attempt(clientAddress);
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain(messages.tooMany);
    // The proxy (this test) appends the client's real address; a client that sends its own
    // header first is still counted by the address the proxy saw.
    const forged = await attempt(`203.0.113.${Math.floor(Math.random() * 250)}, ${clientAddress}`);
    expect(forged.status()).toBe(429);
    // Another address is not affected.
    const other = await attempt(randomAddress());
    expect(other.status()).toBe(401);
  });

  test("the portal's redirects: login when signed in, the index, and anonymous visitors", async ({
    page,
    signIn,
    createAdmin,
  }) => {
    await page.goto(`${PORTAL}/dashboard`);
    await expect(page).toHaveURL(`${PORTAL}/login`);
    await page.goto(`${PORTAL}/courses`);
    await expect(page).toHaveURL(
      `${PORTAL}/login?redirectTo=${encodeURIComponent(`${PORTAL}/courses`)}`,
    );

    const account = await createAdmin();
    await signIn(account);
    await page.goto(`${PORTAL}/login`);
    await expect(page).toHaveURL(`${PORTAL}/dashboard`);
    await page.goto(PORTAL);
    await expect(page).toHaveURL(`${PORTAL}/dashboard`);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("after signing in, the page asked for first is opened", async ({ page, createAdmin }) => {
    const account = await createAdmin();
    await page.goto(`${PORTAL}/settings`);
    await expect(page).toHaveURL(/\/admin-portal\/login\?redirectTo=/);
    await waitForHydration(page);
    const form = loginForm(page);
    await form.email.fill(account.email);
    await form.password.fill(account.password);
    await form.submit.click();
    await expect(page).toHaveURL(`${PORTAL}/settings`);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  });

  test("signing in on the way to another page says where it goes, and goes there", async ({
    page,
    createAdmin,
  }) => {
    const account = await createAdmin();
    await openPortal(page, `${PORTAL}/login?redirectTo=${encodeURIComponent(`${PORTAL}/courses`)}`);
    const form = loginForm(page);
    await form.email.fill(account.email);
    await form.password.fill(account.password);
    await form.submit.click();
    await expect(page).toHaveURL(`${PORTAL}/courses`);
    await expect(successToast(page, "Welcome back! Redirecting to Courses...")).toBeVisible();
    await expect(successToast(page, messages.welcome)).toHaveCount(0);
  });

  test("Logout ends the session: the dashboard is no longer reachable, not even with the old cookie", async ({
    page,
    browser,
    superAdmin,
    clientAddress,
  }) => {
    void superAdmin;
    await openPortal(page, `${PORTAL}/dashboard`);
    const before = await sessionCookie(page.context());
    expect(before).toBeDefined();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(`${PORTAL}/login`);
    await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
    await page.goto(`${PORTAL}/dashboard`);
    await expect(page).toHaveURL(`${PORTAL}/login`);

    // The session ended on the server: replaying the old cookie does not sign anyone in.
    const replay = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    try {
      await replay.addCookies([before as NonNullable<typeof before>]);
      const replayPage = await replay.newPage();
      await replayPage.goto(`${PORTAL}/dashboard`);
      await expect(replayPage).toHaveURL(`${PORTAL}/login`);
    } finally {
      await replay.close();
    }
  });
});

test.describe("forgot and reset password", () => {
  test("a reset link from the outbox sets a new password once; the old one stops working", async ({
    page,
    createAdmin,
  }) => {
    const account = await createAdmin();
    // A session elsewhere, which the reset ends.
    const elsewhere = await newApiClient();
    await apiSignIn(elsewhere, account);
    await openPortal(page, `${PORTAL}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(`${PORTAL}/forgot-password`);
    await waitForHydration(page);
    await textbox(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText(messages.resetRequested)).toBeVisible();

    const mail = await waitForMail(account.email, (item) => item.body.includes("reset-password"));
    expect(mail.subject).toBe("Reset your Lagos Tech Academy admin password");
    expect(mail.body).toContain(`Hello ${account.name},`);
    const link = mail.body.match(/https?:\/\/\S+\/admin-portal\/reset-password\?token=[^\s]+/)?.[0];
    expect(link, "the reset link in the e-mail").toBeTruthy();
    const resetPath = new URL(link as string).pathname + new URL(link as string).search;

    const newPassword = `new-${Date.now()}-pw`;
    await openPortal(page, resetPath);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await textbox(page, "New password").fill(newPassword);
    await textbox(page, "Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL(`${PORTAL}/login`);
    await expect(successToast(page, messages.resetDone)).toBeVisible();
    const stale = await elsewhere.get(`${PORTAL}/dashboard`, { maxRedirects: 0 });
    expect(stale.status(), "the other session ended with the reset").toBe(302);
    expect(stale.headers().location).toBe(`${PORTAL}/login`);
    await elsewhere.dispose();

    // The old password no longer works; the new one does.
    await signInThroughForm(page, { email: account.email, password: account.password });
    await expect(loginForm(page).alert).toHaveText(messages.invalid);
    await signInThroughForm(page, { email: account.email, password: newPassword });
    await expect(page).toHaveURL(`${PORTAL}/dashboard`);

    // The link works once.
    await page.context().clearCookies();
    await openPortal(page, resetPath);
    await textbox(page, "New password").fill("another-password");
    await textbox(page, "Confirm new password").fill("another-password");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText(messages.resetInvalid);
    await expect(page).toHaveURL(/\/admin-portal\/reset-password/);
  });

  test("asking for an address without an account gives the same answer and sends nothing", async ({
    page,
    createAdmin,
  }) => {
    const email = `nobody-${Date.now()}@academy.test`;
    await openPortal(page, `${PORTAL}/forgot-password`);
    await textbox(page, "Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText(messages.resetRequested)).toBeVisible();
    // Then an address with an account: once its link has been sent, a mail to the first address,
    // queued before it, would have been sent too (instead of waiting out a timeout for nothing).
    const account = await createAdmin();
    await openPortal(page, `${PORTAL}/forgot-password`);
    await textbox(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText(messages.resetRequested)).toBeVisible();
    await waitForMail(account.email);
    expect((await readOutbox()).filter((mail) => mail.to.includes(email))).toEqual([]);
  });
});

test.describe("sign-in link", () => {
  test("an e-mailed link signs the admin in once, without the password", async ({
    page,
    createAdmin,
  }) => {
    const account = await createAdmin();
    await openPortal(page, `${PORTAL}/login`);
    await page.getByRole("link", { name: "E-mail me a sign-in link instead" }).click();
    await expect(page).toHaveURL(`${PORTAL}/sign-in-link`);
    await waitForHydration(page);
    await textbox(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send Sign-in Link" }).click();
    await expect(page.getByText(messages.signInLinkSent)).toBeVisible();

    const mail = await waitForMail(account.email, (item) => item.body.includes("sign-in-link"));
    expect(mail.subject).toBe("Your Lagos Tech Academy admin sign-in link");
    const link = mail.body.match(/https?:\/\/\S+\/admin-portal\/sign-in-link\?token=[^\s]+/)?.[0];
    expect(link, "the sign-in link in the e-mail").toBeTruthy();
    const linkPath = new URL(link as string).pathname + new URL(link as string).search;

    await openPortal(page, linkPath);
    await expect(page.getByRole("heading", { name: "Sign in with your link" })).toBeVisible();
    await page.getByRole("button", { name: "Sign In" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${PORTAL}/dashboard`);
    await expect(successToast(page, messages.welcome)).toBeVisible();

    await page.context().clearCookies();
    await openPortal(page, linkPath);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText(messages.signInLinkInvalid);
  });
});

test.describe("guard screens and theme", () => {
  test("Students opens on its Applications tab; Settings shows its cards and notice", async ({
    page,
    superAdmin,
  }) => {
    await openPortal(page, `${PORTAL}/students`);
    await expect(page.getByRole("heading", { name: "Students", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Students tabs" }).getByRole("link", {
        name: "Applications",
      }),
    ).toHaveAttribute("aria-current", "page");
    await openPortal(page, `${PORTAL}/settings`);
    for (const card of ["Profile Settings", "Security", "Notifications", "Appearance"]) {
      await expect(page.getByRole("heading", { name: card, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole("note")).toContainText("under development");
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await expect(page.getByRole("main")).toContainText(superAdmin.email);
    await expect(page.getByRole("main")).toContainText("Super Admin");
  });

  test("an unknown portal path shows the portal's Page Not Found view", async ({
    page,
    superAdmin,
  }) => {
    void superAdmin;
    const response = await page.goto(`${PORTAL}/no-such-page`);
    expect(response?.status()).toBe(404);
    // Inside the portal's frame (sidebar still there)...
    await expect(page.getByRole("navigation", { name: "Portal" })).toBeVisible();
    // ...with the not-found texts of app/features/portal/portal-error.tsx.
    await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible();
    await expect(page.getByText("This part of the portal doesn't exist.")).toBeVisible();
  });

  test("an admin (not super admin) opening Admin Management sees Access Denied with Go Back", async ({
    page,
    createAdmin,
    signIn,
  }) => {
    const account = await createAdmin({ role: "admin" });
    await signIn(account);
    await openPortal(page, `${PORTAL}/dashboard`);
    await page
      .getByRole("navigation", { name: "Portal" })
      .getByRole("link", { name: "Admins" })
      .click();
    await expect(page).toHaveURL(`${PORTAL}/admins`);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(
      page.getByText("This page requires super admin privileges. Your current role: admin"),
    ).toBeVisible();
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(`${PORTAL}/dashboard`);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    // Loaded directly (server-rendered), the page is refused with 403.
    const response = await page.goto(`${PORTAL}/admins`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  });

  test("dark mode persists across reloads and is in the server's HTML (no flash)", async ({
    page,
    browser,
    superAdmin,
    clientAddress,
  }) => {
    void superAdmin;
    await openPortal(page, `${PORTAL}/dashboard`);
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);
    const toggle = page.getByRole("button", { name: "Dark mode" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");

    // The server renders the class: the HTML as sent has it, before any script runs.
    await expect
      .poll(async () => {
        const body = await (await page.request.get(`${PORTAL}/dashboard`)).text();
        return body.match(/<html[^>]*>/)?.[0] ?? "";
      })
      .toMatch(/class="dark"/);
    // Without JavaScript at all (so before any hydration), the page is dark.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    try {
      await noScript.addCookies(await page.context().cookies());
      const staticPage = await noScript.newPage();
      await staticPage.goto(`${PORTAL}/dashboard`);
      await expect(staticPage.locator("html")).toHaveClass(/\bdark\b/);
    } finally {
      await noScript.close();
    }
    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");

    // Other portal pages keep it; back to light also persists.
    await openPortal(page, `${PORTAL}/settings`);
    await expect(html).toHaveClass(/\bdark\b/);
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes(`${PORTAL}/theme`) && response.request().method() === "POST",
    );
    await toggle.click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    const body = await (await page.request.get(`${PORTAL}/settings`)).text();
    expect(body.match(/<html[^>]*>/)?.[0]).not.toContain("dark");
  });
});
