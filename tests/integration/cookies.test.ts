import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rememberDevice } from "~/features/auth/known-device.server";
import { serializeAdminTheme } from "~/features/auth/theme.server";
import { appSecret } from "~/lib/infra/app-secret.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { setFlash, takeFlash } from "~/lib/router/flash.server";
import { loginRequest, makeAdmin, signInSetCookies } from "../support/admin-session";
import { setupTestDatabase } from "../support/test-database";

/** Every cookie the app sets, on a site served over HTTPS and over plain HTTP. */

setupTestDatabase();

const useSite = (publicUrl: string) =>
  setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "", PUBLIC_URL: publicUrl }));

const isSecure = (setCookie: string) => /;\s*Secure/i.test(setCookie);

afterAll(() => setEnvForTesting(undefined));

describe("on a site served over HTTPS", () => {
  beforeAll(() => useSite("https://academy.example.ng"));

  it("marks every cookie Secure: flash, theme, known device and the session", async () => {
    const admin = await makeAdmin();
    const sessionCookies = await signInSetCookies(admin.email);
    const cookies = [
      await setFlash({ kind: "success", message: "Welcome back" }),
      await serializeAdminTheme("dark"),
      await rememberDevice(loginRequest(), admin.email),
      ...sessionCookies,
    ];
    expect(sessionCookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie, cookie.split("=")[0]).toSatisfy(isSecure);
  });
});

describe("on a site served over plain HTTP (development)", () => {
  beforeAll(() => useSite("http://localhost:3000"));

  it("sets the cookies without Secure, so the browser keeps them", async () => {
    for (const cookie of [
      await setFlash({ kind: "success", message: "Welcome back" }),
      await serializeAdminTheme("dark"),
    ]) {
      expect(isSecure(cookie)).toBe(false);
    }
  });
});

describe("the flash cookie", () => {
  beforeAll(() => useSite("http://localhost:3000"));

  const requestWith = (setCookie: string) =>
    new Request("http://localhost/", { headers: { cookie: setCookie.split(";")[0] ?? "" } });

  it("reads back the message it carried", async () => {
    const flash = { kind: "error", message: "The course was not saved" } as const;
    const { flash: read, clear } = await takeFlash(requestWith(await setFlash(flash)));
    expect(read).toEqual(flash);
    expect(clear).toContain("academy-flash=;");
  });

  it("ignores one forged without the app's secret", async () => {
    const forged = createCookie("academy-flash", { path: "/" });
    const value = await forged.serialize({ kind: "success", message: "Pay to account 0123" });
    expect((await takeFlash(requestWith(value))).flash).toBeNull();
  });

  it("ignores a signed one of the wrong shape", async () => {
    const signed = createCookie("academy-flash", { path: "/", secrets: [appSecret()] });
    for (const value of [{ kind: "warning", message: "x" }, { kind: "error" }, "text", 42]) {
      const setCookie = await signed.serialize(value);
      expect((await takeFlash(requestWith(setCookie))).flash, JSON.stringify(value)).toBeNull();
    }
  });
});
