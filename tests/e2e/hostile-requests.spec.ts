import { expect, test } from "./fixtures";

/**
 * What a stranger can send the real server: bodies over their route's limit, bodies that are no
 * form, too many form attempts. Each gets a small, quick 4xx with the headers it needs.
 */

const contact = {
  name: "Adaeze Obi",
  email: "adaeze@example.com",
  subject: "Enrollment Inquiry",
  message: "When does the next data analysis cohort start?",
};

test("a body over its route's limit gets 413 at once, on pages and data URLs", async ({
  request,
}) => {
  const huge = "message=".padEnd(2 * 1024 * 1024, "a");
  for (const path of ["/contact", "/contact.data", "/_root.data?index", "/admin-portal/login"]) {
    const started = Date.now();
    const response = await request.post(path, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: huge,
    });
    expect(response.status(), path).toBe(413);
    expect(await response.text(), path).toContain("larger than this form accepts (64 KB)");
    expect(Date.now() - started, path).toBeLessThan(2_000);
  }
});

test("a body that is no form gets 415, a broken form 400, never a 500", async ({ request }) => {
  const cases = [
    { type: "application/json", data: '{"name":"Adaeze"}', status: 415 },
    { type: "text/plain", data: "name=Adaeze", status: 415 },
    { type: "multipart/form-data", data: "no boundary", status: 400 },
  ];
  for (const path of ["/contact", "/contact.data", "/admin-portal/login"]) {
    for (const { type, data, status } of cases) {
      const response = await request.post(path, { headers: { "Content-Type": type }, data });
      expect(response.status(), `${type} to ${path}`).toBe(status);
    }
  }
});

test("the sixth message within ten minutes gets 429 with Retry-After, page and data URL alike", async ({
  request,
}) => {
  for (let sent = 0; sent < 5; sent++) {
    expect((await request.post("/contact", { form: contact })).status()).toBe(200);
  }
  for (const path of ["/contact", "/contact.data"]) {
    const response = await request.post(path, { form: contact });
    expect(response.status(), path).toBe(429);
    expect(Number(response.headers()["retry-after"]), path).toBeGreaterThan(0);
  }
});

test("too many failed sign-ins get 429 with Retry-After", async ({ request }) => {
  const attempt = { email: `nobody-${Date.now()}@academy.test`, password: "wrong-password" };
  let response = await request.post("/admin-portal/login", { form: attempt });
  for (let tries = 1; tries < 6; tries++) {
    response = await request.post("/admin-portal/login", { form: attempt });
  }
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
});

test("too many password-reset requests get 429 with Retry-After", async ({ request }) => {
  let response = await request.post("/admin-portal/forgot-password", {
    form: { email: "nobody@academy.test" },
  });
  for (let tries = 1; tries < 6; tries++) {
    response = await request.post("/admin-portal/forgot-password", {
      form: { email: "nobody@academy.test" },
    });
  }
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
});

test("no answer names the framework (X-Powered-By)", async ({ request }) => {
  for (const path of ["/", "/contact", "/favicon.svg", "/no-such-page", "/admin-portal/login"]) {
    const response = await request.get(path);
    expect(response.headers()["x-powered-by"], path).toBeUndefined();
  }
});

test("portal pages and their data are never cached, the sign-in page included", async ({
  request,
}) => {
  for (const path of [
    "/admin-portal/login",
    "/admin-portal/login.data",
    "/admin-portal/dashboard",
    "/admin-portal/messages.data",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("every answer names its request id; a safe incoming one is kept, any other replaced", async ({
  request,
}) => {
  const kept = await request.get("/about", { headers: { "X-Request-Id": "proxy-42.abc" } });
  expect(kept.headers()["x-request-id"]).toBe("proxy-42.abc");
  const replaced = await request.get("/about", {
    headers: { "X-Request-Id": `a b "}{ ${"x".repeat(80)}` },
  });
  expect(replaced.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
