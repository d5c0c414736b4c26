import { randomBytes } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { admins, authSession, authVerification, outgoingEmails, rateLimits } from "~/db/schema";
import { SESSION_DAYS } from "~/features/auth/auth.server";
import {
  requestPasswordReset,
  resetPassword,
  resetRequestLimit,
} from "~/features/auth/password-reset.server";
import { authMessages } from "~/features/auth/schema";
import { readAdminSession } from "~/features/auth/session.server";
import { signIn, signInLimits, signOut } from "~/features/auth/sign-in.server";
import {
  requestSignInLink,
  SIGN_IN_LINK_MINUTES,
  signInLinkLimits,
  signInWithLink,
} from "~/features/auth/sign-in-link.server";
import { ensureDemoAdmin } from "~/features/demo/demo-admin.server";
import { outboxDir } from "~/features/outgoing-mail/mail-transport.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { takeFlash } from "~/lib/router/flash.server";
import * as forgotRoute from "~/routes/admin/forgot-password";
import * as loginRoute from "~/routes/admin/login";
import * as resetRoute from "~/routes/admin/reset-password";
import * as signInLinkRoute from "~/routes/admin/sign-in-link";
import { startJobs, stopJobs } from "../../server/jobs.server";
import {
  cookieHeader,
  getRequest,
  loginRequest,
  makeAdmin,
  ORIGIN,
  type Outcome,
  outcomeOf,
  PASSWORD,
  postRequest,
  sessionCount,
  setCookiesOf,
  signedInAdmin,
  signInCookie,
  signInSetCookies,
  uniqueAddress,
  uniqueEmail,
  userWithoutAdminRow,
} from "../support/admin-session";
import { emailsSettled } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

// A data folder of this file's own, so the outbox holds only this file's e-mails.
const dataDir = path.resolve(".tmp/test-data", `auth-test-${randomBytes(6).toString("hex")}`);
const baseEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };

const database = setupTestDatabase();

beforeAll(async () => {
  setEnvForTesting(loadEnv(baseEnv));
  await startJobs({ pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await stopJobs({ graceful: false });
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  setEnvForTesting(loadEnv(baseEnv));
  await database().db.delete(rateLimits);
  await emailsSettled();
  await database().db.delete(outgoingEmails);
  await rm(outboxDir(), { recursive: true, force: true });
});

const SESSION_COOKIE = "better-auth.session_token";

function sessionCookieOf(setCookies: string[]) {
  return setCookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

async function attempt(email: string, password: string, address = uniqueAddress()) {
  return signIn(loginRequest(address), { email, password, rememberMe: true });
}

async function outboxMails() {
  await emailsSettled();
  const dir = outboxDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = [];
  for (const name of names.filter((file) => file.endsWith(".eml")).sort()) {
    const raw = await readFile(path.join(dir, name), "utf8");
    // Undo quoted-printable soft line breaks and escapes, whichever encoding nodemailer chose.
    const text = raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    mails.push({ name, raw, text });
  }
  return mails;
}

function resetTokenOf(text: string) {
  const match = text.match(
    new RegExp(`${ORIGIN}/admin-portal/reset-password\\?token=([A-Za-z0-9_%.-]+)`),
  );
  if (!match?.[1]) throw new Error(`No reset link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

async function resetTokenFor(email: string) {
  const reply = await requestPasswordReset(loginRequest(), email);
  expect(reply).toEqual({ ok: true, message: authMessages.resetRequested });
  const mails = (await outboxMails()).filter((mail) => mail.text.includes(email));
  expect(mails).toHaveLength(1);
  return resetTokenOf(mails[0]?.text ?? "");
}

describe("signIn", () => {
  it("signs an active admin in with a database session and a session cookie", async () => {
    const admin = await makeAdmin();
    const outcome = await attempt(admin.email, PASSWORD);
    if (!outcome.ok) throw new Error(`Sign-in refused (${outcome.status}): ${outcome.message}`);
    expect(sessionCookieOf(outcome.setCookies)).toMatch(/HttpOnly/i);
    expect(await sessionCount(admin.userId)).toBe(1);
    const session = await readAdminSession(
      getRequest("/admin-portal/dashboard", { cookie: cookieHeader(outcome.setCookies) }),
    );
    expect(session).toMatchObject({ status: "active", admin: { id: admin.id } });
  });

  it("accepts the e-mail address in another letter case", async () => {
    const admin = await makeAdmin();
    expect((await attempt(admin.email.toUpperCase(), PASSWORD)).ok).toBe(true);
  });

  it("refuses a wrong password and an unknown e-mail with the same message", async () => {
    const admin = await makeAdmin();
    const expected = { ok: false, status: 401, message: authMessages.invalidCredentials };
    expect(await attempt(admin.email, "wrong-password")).toEqual(expected);
    expect(await attempt(uniqueEmail("nobody"), PASSWORD)).toEqual(expected);
    expect(authMessages.invalidCredentials).toBe(
      "Invalid email or password. Please check your credentials and try again.",
    );
    expect(await sessionCount(admin.userId)).toBe(0);
  });

  it("refuses an account whose admins row is inactive, leaving no session", async () => {
    const admin = await makeAdmin({ isActive: false });
    expect(await attempt(admin.email, PASSWORD)).toEqual({
      ok: false,
      status: 403,
      message: "Admin account not found or inactive. Please contact your system administrator.",
    });
    expect(await sessionCount(admin.userId)).toBe(0);
  });

  it("refuses an account that has no admins row at all, leaving no session", async () => {
    const user = await userWithoutAdminRow();
    expect(await attempt(user.email, PASSWORD)).toEqual({
      ok: false,
      status: 403,
      message: "Admin account not found or inactive. Please contact your system administrator.",
    });
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("without 'remember me' gives a cookie that ends with the browser", async () => {
    const admin = await makeAdmin();
    const setCookies = await signInSetCookies(admin.email, PASSWORD, { rememberMe: false });
    const cookie = sessionCookieOf(setCookies) ?? "";
    expect(cookie).not.toBe("");
    expect(cookie).not.toMatch(/Max-Age=/i);
    expect(cookie).not.toMatch(/Expires=/i);
    // The browser-session cookie still works.
    const session = await readAdminSession(
      getRequest("/admin-portal/dashboard", { cookie: cookieHeader(setCookies) }),
    );
    expect(session.status).toBe("active");
  });

  it("with 'remember me' gives a cookie that lasts about 30 days", async () => {
    const admin = await makeAdmin();
    const setCookies = await signInSetCookies(admin.email, PASSWORD, { rememberMe: true });
    const cookie = sessionCookieOf(setCookies) ?? "";
    const maxAge = Number(cookie.match(/Max-Age=(\d+)/i)?.[1]);
    const expires = cookie.match(/Expires=([^;]+)/i)?.[1];
    const lifetimeSeconds = Number.isFinite(maxAge)
      ? maxAge
      : expires
        ? (Date.parse(expires) - Date.now()) / 1000
        : Number.NaN;
    expect(SESSION_DAYS).toBe(30);
    expect(lifetimeSeconds).toBeGreaterThan(29 * 24 * 3600);
    expect(lifetimeSeconds).toBeLessThanOrEqual(30 * 24 * 3600 + 60);
    const [row] = await database()
      .db.select({ expiresAt: authSession.expiresAt })
      .from(authSession)
      .where(eq(authSession.userId, admin.userId));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});

describe("signIn throttle: only failed attempts count", () => {
  const tooMany = {
    ok: false,
    status: 429,
    message: authMessages.tooManyAttempts,
    retryAfterSeconds: expect.any(Number),
  };
  const wrong = { ok: false, status: 401, message: authMessages.invalidCredentials };

  /** A sign-in from `address` by a browser that sends `cookie`. */
  const fromBrowser = (email: string, password: string, address: string, cookie = "") =>
    signIn(loginRequest(address, cookie), { email, password, rememberMe: true });

  async function fail(email: string, address: string, times: number) {
    for (let index = 0; index < times; index += 1) {
      expect(await attempt(email, "wrong-password", address), `guess ${index + 1}`).toEqual(wrong);
    }
  }

  it("25 staff sign-ins from one office address within the window all succeed", async () => {
    const office = uniqueAddress();
    const staff = await Promise.all(Array.from({ length: 5 }, () => makeAdmin()));
    for (let round = 0; round < 5; round += 1) {
      for (const admin of staff) {
        expect((await attempt(admin.email, PASSWORD, office)).ok, `round ${round + 1}`).toBe(true);
      }
    }
  });

  it("25 staff sign-ins from one office address at the same moment all succeed", async () => {
    const office = uniqueAddress();
    const staff = await Promise.all(Array.from({ length: 5 }, () => makeAdmin()));
    const outcomes = await Promise.all(
      staff.flatMap((admin) =>
        Array.from({ length: 5 }, () => attempt(admin.email, PASSWORD, office)),
      ),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(outcomes).toHaveLength(25);
  });

  it("bounds guesses per account and address: the 6th is refused even with the right password", async () => {
    const admin = await makeAdmin();
    const address = uniqueAddress();
    expect(signInLimits.perAccountAndAddress).toMatchObject({ limit: 5, windowMs: 15 * 60_000 });
    for (let index = 0; index < 5; index += 1) {
      const email = index % 2 ? admin.email.toUpperCase() : admin.email;
      expect(await attempt(email, "wrong-password", address)).toEqual(wrong);
    }
    expect(await attempt(admin.email, PASSWORD, address)).toEqual(tooMany);
    expect(await sessionCount(admin.userId)).toBe(0);
    // The owner, from another address, is not affected; neither is another account.
    expect((await attempt(admin.email, PASSWORD, uniqueAddress())).ok).toBe(true);
    const other = await makeAdmin();
    expect((await attempt(other.email, PASSWORD, address)).ok).toBe(true);
  });

  it("counts concurrent guesses atomically: 10 at once from one address test the password 5 times", async () => {
    const admin = await makeAdmin();
    const address = uniqueAddress();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => attempt(admin.email, "wrong-password", address)),
    );
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.status === 401)).toHaveLength(5);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.status === 429)).toHaveLength(5);
  });

  it("a correct password clears that account's counter for that address", async () => {
    const admin = await makeAdmin();
    const address = uniqueAddress();
    await fail(admin.email, address, 4);
    expect((await attempt(admin.email, PASSWORD, address)).ok).toBe(true);
    await fail(admin.email, address, 5);
    expect(await attempt(admin.email, "wrong-password", address)).toEqual(tooMany);
  });

  it("after a stranger guesses from other addresses, the owner still signs in from their own", async () => {
    const admin = await makeAdmin();
    for (let index = 0; index < 3; index += 1) {
      const stranger = uniqueAddress();
      await fail(admin.email, stranger, 5);
      expect(await attempt(admin.email, "wrong-password", stranger)).toEqual(tooMany);
    }
    expect((await attempt(admin.email, PASSWORD, uniqueAddress())).ok).toBe(true);
  });

  it("bounds guesses per account across addresses; the owner's known browser is exempt", async () => {
    const admin = await makeAdmin();
    const home = uniqueAddress();
    const earlier = await fromBrowser(admin.email, PASSWORD, home);
    if (!earlier.ok) throw new Error(earlier.message);
    const knownBrowser = cookieHeader(earlier.setCookies);
    expect(knownBrowser).toContain("academy-known-device=");

    expect(signInLimits.perAccount).toMatchObject({ limit: 50, windowMs: 60 * 60_000 });
    for (let index = 0; index < 10; index += 1) await fail(admin.email, uniqueAddress(), 5);
    // The account's guesses are used up: a new address and an unknown browser get no more.
    expect(await attempt(admin.email, PASSWORD, uniqueAddress())).toEqual(tooMany);
    expect(await attempt(admin.email, PASSWORD, home)).toEqual(tooMany);
    // A cookie that was not signed by the app does not count as a known browser.
    const forged = `academy-known-device=${btoa(JSON.stringify([admin.email]))}`;
    expect(await fromBrowser(admin.email, PASSWORD, home, forged)).toEqual(tooMany);
    // The owner's usual browser signs in, and stays bounded per address.
    expect((await fromBrowser(admin.email, PASSWORD, home, knownBrowser)).ok).toBe(true);
    for (let index = 0; index < 5; index += 1) {
      expect(await fromBrowser(admin.email, "wrong-password", home, knownBrowser)).toEqual(wrong);
    }
    expect(await fromBrowser(admin.email, PASSWORD, home, knownBrowser)).toEqual(tooMany);
  });

  it("bounds failures per client address across accounts (credential stuffing)", async () => {
    const admin = await makeAdmin();
    const address = uniqueAddress();
    expect(signInLimits.perAddress).toMatchObject({ limit: 20, windowMs: 15 * 60_000 });
    for (let index = 0; index < 20; index += 1) {
      expect(await attempt(uniqueEmail("guess"), PASSWORD, address)).toEqual(wrong);
    }
    expect(await attempt(admin.email, PASSWORD, address)).toEqual(tooMany);
    expect(await sessionCount(admin.userId)).toBe(0);
    // From another address the same account signs in.
    expect((await attempt(admin.email, PASSWORD, uniqueAddress())).ok).toBe(true);
  });

  it("remembers the browser in a signed, HttpOnly, SameSite=Lax cookie, Secure under https", async () => {
    const admin = await makeAdmin();
    const cookieOf = (outcome: Awaited<ReturnType<typeof signIn>>) =>
      outcome.ok ? outcome.setCookies.find((line) => line.startsWith("academy-known-device=")) : "";
    const plain = cookieOf(await attempt(admin.email, PASSWORD));
    expect(plain).toMatch(/; HttpOnly/i);
    expect(plain).toMatch(/; SameSite=Lax/i);
    expect(plain).toMatch(/; Path=\/admin-portal/i);
    expect(plain).toMatch(/; Max-Age=31536000/i);
    expect(plain).not.toMatch(/; Secure/i);

    setEnvForTesting(loadEnv({ ...baseEnv, PUBLIC_URL: "https://lagostechacademy.ng" }));
    expect(cookieOf(await attempt(admin.email, PASSWORD))).toMatch(/; Secure/i);
  });
});

describe("sign-in link: the owner's way in that no stranger can block", () => {
  function signInLinkTokenOf(text: string) {
    const match = text.match(
      new RegExp(`${ORIGIN}/admin-portal/sign-in-link\\?token=([A-Za-z0-9_%.-]+)`),
    );
    if (!match?.[1]) throw new Error(`No sign-in link in:\n${text}`);
    return decodeURIComponent(match[1]);
  }

  async function linkTokensFor(email: string) {
    const mails = (await outboxMails()).filter((mail) => mail.text.includes(email));
    return mails.map((mail) => signInLinkTokenOf(mail.text));
  }

  const sent = { ok: true, message: authMessages.signInLinkSent };

  it("a stranger who used up every limit cannot keep the owner out of a new browser", async () => {
    const admin = await makeAdmin();
    const office = uniqueAddress();
    // 50 wrong passwords from 10 addresses, and 5 from the owner's own office address.
    for (let index = 0; index < 10; index += 1) {
      for (let guess = 0; guess < 5; guess += 1) {
        await attempt(admin.email, "wrong-password", uniqueAddress());
      }
    }
    for (let guess = 0; guess < 5; guess += 1) {
      await attempt(admin.email, "wrong-password", office);
    }
    expect(await attempt(admin.email, PASSWORD, office)).toMatchObject({ ok: false, status: 429 });

    expect(await requestSignInLink(loginRequest(office), admin.email)).toEqual(sent);
    const [token] = await linkTokensFor(admin.email);
    const outcome = await signInWithLink(loginRequest(office), token ?? "");
    if (!outcome.ok) throw new Error(outcome.message);
    const session = await readAdminSession(
      getRequest("/admin-portal/dashboard", { cookie: cookieHeader(outcome.setCookies) }),
    );
    expect(session).toMatchObject({ status: "active", admin: { id: admin.id } });
    // The browser is now known: its password sign-ins are exempt from the account's ceiling.
    const known = cookieHeader(outcome.setCookies);
    const again = await signIn(loginRequest(uniqueAddress(), known), {
      email: admin.email,
      password: PASSWORD,
      rememberMe: true,
    });
    expect(again.ok).toBe(true);
  });

  it("a link works once", async () => {
    const admin = await makeAdmin();
    await requestSignInLink(loginRequest(), admin.email);
    const [token] = await linkTokensFor(admin.email);
    expect((await signInWithLink(loginRequest(), token ?? "")).ok).toBe(true);
    expect(await signInWithLink(loginRequest(), token ?? "")).toEqual({
      ok: false,
      status: 401,
      message: authMessages.signInLinkInvalid,
    });
    expect(await sessionCount(admin.userId)).toBe(1);
  });

  it("refuses a made-up or expired link", async () => {
    const admin = await makeAdmin();
    const invalid = { ok: false, status: 401, message: authMessages.signInLinkInvalid };
    expect(await signInWithLink(loginRequest(), "not-a-real-token")).toEqual(invalid);
    await requestSignInLink(loginRequest(), admin.email);
    const [token] = await linkTokensFor(admin.email);
    await database()
      .db.update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(authVerification.identifier, "sign-in-link:%"));
    expect(await signInWithLink(loginRequest(), token ?? "")).toEqual(invalid);
    expect(await sessionCount(admin.userId)).toBe(0);
  });

  it("answers the same for a stranger's, an inactive admin's and an admin's address", async () => {
    const inactive = await makeAdmin({ isActive: false });
    expect(await requestSignInLink(loginRequest(), uniqueEmail("stranger"))).toEqual(sent);
    expect(await requestSignInLink(loginRequest(), inactive.email)).toEqual(sent);
    expect(await outboxMails()).toEqual([]);
    const user = await userWithoutAdminRow();
    expect(await requestSignInLink(loginRequest(), user.email)).toEqual(sent);
    expect(await outboxMails()).toEqual([]);
  });

  it("a link of an admin switched off since it was sent signs nobody in", async () => {
    const admin = await makeAdmin();
    await requestSignInLink(loginRequest(), admin.email);
    const [token] = await linkTokensFor(admin.email);
    await database().db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
    expect(await signInWithLink(loginRequest(), token ?? "")).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await sessionCount(admin.userId)).toBe(0);
  });

  it("bounds the e-mails a stranger can cause, and every one sent still works", async () => {
    const admin = await makeAdmin();
    for (let index = 0; index < 6; index += 1) {
      expect(await requestSignInLink(loginRequest(uniqueAddress()), admin.email)).toEqual(sent);
    }
    const tokens = await linkTokensFor(admin.email);
    expect(tokens).toHaveLength(signInLinkLimits.perAccount.limit);
    // The links last at least as long as the window that bounds them: one is always valid.
    expect(signInLinkLimits.perAccount.windowMs).toBeLessThanOrEqual(SIGN_IN_LINK_MINUTES * 60_000);
    for (const token of tokens) expect((await signInWithLink(loginRequest(), token)).ok).toBe(true);
  });

  it("limits link requests per client address", async () => {
    const address = uniqueAddress();
    for (let index = 0; index < signInLinkLimits.perAddress.limit; index += 1) {
      expect(await requestSignInLink(loginRequest(address), uniqueEmail("x"))).toEqual(sent);
    }
    expect(await requestSignInLink(loginRequest(address), uniqueEmail("x"))).toEqual({
      ok: false,
      status: 429,
      message: authMessages.tooManySignInLinkRequests,
      retryAfterSeconds: expect.any(Number),
    });
  });
});

describe("signOut", () => {
  it("ends the session in the database: the cookie then reads as anonymous", async () => {
    const { admin, cookie } = await signedInAdmin();
    const request = () => getRequest("/admin-portal/dashboard", { cookie });
    expect((await readAdminSession(request())).status).toBe("active");
    const cleared = await signOut(
      new Request(`${ORIGIN}/admin-portal/logout`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN },
      }),
    );
    expect(cleared.some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await readAdminSession(request())).toEqual({ status: "anonymous" });
    expect(await sessionCount(admin.userId)).toBe(0);
  });

  it("only ends the session it is given", async () => {
    const { admin, cookie: first } = await signedInAdmin();
    const second = await signInCookie(admin.email);
    await signOut(getRequest("/admin-portal/logout", { cookie: first }));
    expect(await readAdminSession(getRequest("/", { cookie: first }))).toEqual({
      status: "anonymous",
    });
    expect((await readAdminSession(getRequest("/", { cookie: second }))).status).toBe("active");
  });
});

describe("password reset", () => {
  it("e-mails an active admin one link to /admin-portal/reset-password", async () => {
    const admin = await makeAdmin({ name: "Funke Ade" });
    const reply = await requestPasswordReset(loginRequest(), admin.email);
    expect(reply).toEqual({ ok: true, message: authMessages.resetRequested });
    const mails = await outboxMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.raw).toMatch(new RegExp(`^To: ${admin.email.replace(/\./g, "\\.")}`, "m"));
    expect(mails[0]?.text).toContain("Hello Funke Ade,");
    expect(resetTokenOf(mails[0]?.text ?? "").length).toBeGreaterThan(10);
  });

  it("gives the same reply and sends nothing for an unknown address", async () => {
    const reply = await requestPasswordReset(loginRequest(), uniqueEmail("stranger"));
    expect(reply).toEqual({ ok: true, message: authMessages.resetRequested });
    expect(await outboxMails()).toEqual([]);
  });

  it("gives the same reply and sends nothing for an inactive admin", async () => {
    const admin = await makeAdmin({ isActive: false });
    const reply = await requestPasswordReset(loginRequest(), admin.email);
    expect(reply).toEqual({ ok: true, message: authMessages.resetRequested });
    expect(await outboxMails()).toEqual([]);
  });

  it("sends nothing to an account without an admins row", async () => {
    const user = await userWithoutAdminRow();
    const reply = await requestPasswordReset(loginRequest(), user.email);
    expect(reply).toEqual({ ok: true, message: authMessages.resetRequested });
    expect(await outboxMails()).toEqual([]);
  });

  it("sets the new password once, ends every session, and the old password stops working", async () => {
    const { admin, cookie } = await signedInAdmin();
    await signInCookie(admin.email);
    expect(await sessionCount(admin.userId)).toBe(2);

    const token = await resetTokenFor(admin.email);
    expect(await resetPassword(token, "brand-new-secret")).toEqual({
      ok: true,
      message: authMessages.resetDone,
    });
    expect(await sessionCount(admin.userId)).toBe(0);
    expect(await readAdminSession(getRequest("/", { cookie }))).toEqual({ status: "anonymous" });

    expect(await attempt(admin.email, PASSWORD)).toMatchObject({
      ok: false,
      message: authMessages.invalidCredentials,
    });
    expect((await attempt(admin.email, "brand-new-secret")).ok).toBe(true);

    expect(await resetPassword(token, "another-secret")).toEqual({
      ok: false,
      message: "This reset link is invalid or has expired. Please ask for a new one.",
    });
    expect((await attempt(admin.email, "brand-new-secret")).ok).toBe(true);
  });

  it("refuses an expired token and keeps the old password", async () => {
    const admin = await makeAdmin();
    const token = await resetTokenFor(admin.email);
    await database()
      .db.update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(authVerification.identifier, `reset-password:${token}`));
    const rows = await database()
      .db.select()
      .from(authVerification)
      .where(eq(authVerification.identifier, `reset-password:${token}`));
    expect(rows).toHaveLength(1);
    expect(await resetPassword(token, "brand-new-secret")).toEqual({
      ok: false,
      message: authMessages.resetInvalid,
    });
    expect((await attempt(admin.email, PASSWORD)).ok).toBe(true);
  });

  it("refuses a made-up token", async () => {
    expect(await resetPassword("not-a-real-token", "brand-new-secret")).toEqual({
      ok: false,
      message: authMessages.resetInvalid,
    });
  });

  it("the link expires after one hour", async () => {
    const admin = await makeAdmin();
    const before = Date.now();
    const token = await resetTokenFor(admin.email);
    const [row] = await database()
      .db.select()
      .from(authVerification)
      .where(eq(authVerification.identifier, `reset-password:${token}`));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60 * 1000);
  });

  it("answers an address the auth library refuses with its refusal, not a thrown error", async () => {
    expect(await requestPasswordReset(loginRequest(), "a@b.c")).toEqual({
      ok: false,
      status: 400,
      field: "email",
      message: "Invalid email address",
    });
  });

  it("limits reset requests per client address", async () => {
    const address = uniqueAddress();
    for (let index = 0; index < resetRequestLimit.limit; index += 1) {
      expect((await requestPasswordReset(loginRequest(address), uniqueEmail("x"))).ok).toBe(true);
    }
    expect(await requestPasswordReset(loginRequest(address), uniqueEmail("x"))).toEqual({
      ok: false,
      status: 429,
      message: authMessages.tooManyResetRequests,
      retryAfterSeconds: expect.any(Number),
    });
  });
});

// --- Route modules --------------------------------------------------------------------------

type Reply = { result: { status?: string; error?: Record<string, string[] | null> } };

/** The message each field shows: the form fields display the first error of each. */
function shownErrors(outcome: Outcome) {
  const errors = replyOf(outcome).result.error ?? {};
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, messages]) => messages?.length)
      .map(([name, messages]) => [name, messages?.[0]]),
  );
}

function replyOf(outcome: Outcome) {
  if (outcome.kind !== "data" && outcome.kind !== "value") {
    throw new Error(`Expected a reply, got ${JSON.stringify(outcome)}`);
  }
  return outcome.data as Reply;
}

const loginAction = (fields: Record<string, string>, address = uniqueAddress()) =>
  outcomeOf(() =>
    loginRoute.action(
      routeArgs(
        postRequest("/admin-portal/login", fields, {
          headers: { [CLIENT_ADDRESS_HEADER]: address },
        }),
      ),
    ),
  );

describe("login route", () => {
  it.each([
    [{}, { email: "Email is required", password: "Password is required" }],
    [
      { email: "  ", password: "" },
      { email: "Email is required", password: "Password is required" },
    ],
    [{ email: "not-an-email", password: "secret1" }, { email: "Invalid email address" }],
    [{ email: "a@b", password: "secret1" }, { email: "Invalid email address" }],
    [
      { email: "ada@academy.test", password: "12345" },
      { password: "Password must be at least 6 characters" },
    ],
  ])("the action validates %j", async (fields, errors) => {
    const outcome = await loginAction(fields as Record<string, string>);
    expect(outcome.status).toBe(400);
    expect(shownErrors(outcome)).toEqual(errors);
  });

  it("the action signs in and redirects to the dashboard with the session cookie and a welcome", async () => {
    const admin = await makeAdmin();
    const outcome = await loginAction({
      email: ` ${admin.email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
    if (outcome.kind !== "redirect") throw new Error(`Expected a redirect, got ${outcome.kind}`);
    expect(outcome.location).toBe("/admin-portal/dashboard");
    const cookies = setCookiesOf(outcome);
    expect(sessionCookieOf(cookies)).toBeDefined();
    expect(cookies.some((cookie) => cookie.startsWith("academy-flash="))).toBe(true);
    const session = await readAdminSession(
      getRequest("/admin-portal/dashboard", { cookie: cookieHeader(cookies) }),
    );
    expect(session.status).toBe("active");
  });

  it("the action without 'remember me' gives a browser-session cookie, with it a lasting one", async () => {
    const admin = await makeAdmin();
    const without = await loginAction({ email: admin.email, password: PASSWORD });
    expect(sessionCookieOf(setCookiesOf(without))).not.toMatch(/Max-Age|Expires/i);
    const withIt = await loginAction({ email: admin.email, password: PASSWORD, rememberMe: "on" });
    expect(sessionCookieOf(setCookiesOf(withIt))).toMatch(/Max-Age|Expires/i);
  });

  const toDashboard = "Welcome back! Redirecting to dashboard...";
  it.each([
    [
      "/admin-portal/admins?page=2",
      "/admin-portal/admins?page=2",
      "Welcome back! Redirecting to Admins...",
    ],
    [
      "/admin-portal/settings",
      "/admin-portal/settings",
      "Welcome back! Redirecting to Settings...",
    ],
    [
      "/admin-portal/courses/new",
      "/admin-portal/courses/new",
      "Welcome back! Redirecting to Courses...",
    ],
    ["/admin-portal/dashboard?tab=1", "/admin-portal/dashboard?tab=1", toDashboard],
    ["/admin-portal/unknown", "/admin-portal/unknown", "Welcome back!"],
    ["//evil.com", "/admin-portal/dashboard", toDashboard],
    ["//evil.com/admin-portal/", "/admin-portal/dashboard", toDashboard],
    ["https://evil.com/admin-portal/dashboard", "/admin-portal/dashboard", toDashboard],
    ["https://evil.com", "/admin-portal/dashboard", toDashboard],
    ["/\\evil.com", "/admin-portal/dashboard", toDashboard],
    ["/admin-portal/login", "/admin-portal/dashboard", toDashboard],
  ])("the action sends redirectTo %j to %j, saying %j", async (redirectTo, expected, says) => {
    const admin = await makeAdmin();
    const outcome = await loginAction({ email: admin.email, password: PASSWORD, redirectTo });
    expect(outcome).toMatchObject({ kind: "redirect", location: expected });
    const { flash } = await takeFlash(
      getRequest("/", { cookie: cookieHeader(setCookiesOf(outcome)) }),
    );
    expect(flash).toEqual({ kind: "success", message: says });
  });

  it("the action shows each refusal as a form error with its status", async () => {
    const admin = await makeAdmin();
    const wrong = await loginAction({ email: admin.email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(replyOf(wrong).result.error).toEqual({ "": [authMessages.invalidCredentials] });

    const inactive = await makeAdmin({ isActive: false });
    const refused = await loginAction({ email: inactive.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(replyOf(refused).result.error).toEqual({ "": [authMessages.inactive] });
    expect(setCookiesOf(refused).filter((cookie) => cookie.startsWith(SESSION_COOKIE))).toEqual([]);
  });

  it("the action never sends the password back", async () => {
    const outcome = await loginAction({ email: "bad", password: "secret-password" });
    expect(JSON.stringify(outcome)).not.toContain("secret-password");
  });

  it("the loader sends a signed-in admin to the dashboard", async () => {
    const { cookie } = await signedInAdmin();
    const outcome = await outcomeOf(() =>
      loginRoute.loader(routeArgs(getRequest("/admin-portal/login", { cookie }))),
    );
    expect(outcome).toMatchObject({
      kind: "redirect",
      status: 302,
      location: "/admin-portal/dashboard",
    });
  });

  it("the loader shows the form to anonymous visitors and explains reason=inactive", async () => {
    const plain = await outcomeOf(() =>
      loginRoute.loader(
        routeArgs(getRequest("/admin-portal/login?redirectTo=/admin-portal/admins")),
      ),
    );
    expect(plain).toMatchObject({
      kind: "value",
      data: { notice: null, redirectTo: "/admin-portal/admins" },
    });
    const inactive = await outcomeOf(() =>
      loginRoute.loader(routeArgs(getRequest("/admin-portal/login?reason=inactive"))),
    );
    expect(inactive).toMatchObject({ kind: "value", data: { notice: authMessages.inactive } });
  });

  const demoOnLoginPage = async () => {
    const outcome = await outcomeOf(() =>
      loginRoute.loader(routeArgs(getRequest("/admin-portal/login"))),
    );
    if (outcome.kind !== "value") throw new Error(`Expected the form, got ${outcome.kind}`);
    return (outcome.data as { demo: unknown }).demo;
  };
  const demoCredentials = { email: "admin@academy.test", password: "demo-admin-2026" };

  it("the loader shows the demo credentials in demo mode only", async () => {
    await ensureDemoAdmin(() => {});
    expect(await demoOnLoginPage()).toEqual(demoCredentials);

    setEnvForTesting(loadEnv({ ...baseEnv, DATABASE_URL: "postgres://x@localhost/y" }));
    try {
      const production = await outcomeOf(() =>
        loginRoute.loader(routeArgs(getRequest("/admin-portal/login"))),
      );
      expect(production).toMatchObject({ kind: "value", data: { demo: null } });
      expect(JSON.stringify(production)).not.toContain("demo-admin-2026");
    } finally {
      setEnvForTesting(loadEnv(baseEnv));
    }
  });

  it("the loader shows the demo credentials only while the password works", async () => {
    await ensureDemoAdmin(() => {});
    expect(await demoOnLoginPage()).toEqual(demoCredentials);
    await resetPassword(await resetTokenFor(demoCredentials.email), "changed-demo-password");
    expect(await demoOnLoginPage()).toBeNull();
    // Set back (also for the tests after this one): shown again.
    await rm(outboxDir(), { recursive: true, force: true });
    await resetPassword(await resetTokenFor(demoCredentials.email), demoCredentials.password);
    expect(await demoOnLoginPage()).toEqual(demoCredentials);
  });

  it("the loader hides the demo credentials while the demo admin is inactive or missing", async () => {
    const demoAdmin = eq(admins.id, await ensureDemoAdmin(() => {}));
    await database().db.update(admins).set({ isActive: false }).where(demoAdmin);
    try {
      expect(await demoOnLoginPage()).toBeNull();
    } finally {
      await database().db.update(admins).set({ isActive: true }).where(demoAdmin);
    }
    expect(await demoOnLoginPage()).toEqual(demoCredentials);

    setEnvForTesting(loadEnv({ ...baseEnv, DEMO_ADMIN_EMAIL: uniqueEmail("no-such-demo") }));
    expect(await demoOnLoginPage()).toBeNull();
  });
});

describe("forgot-password route", () => {
  const forgot = (fields: Record<string, string>, address = uniqueAddress()) =>
    outcomeOf(() =>
      forgotRoute.action(
        routeArgs(
          postRequest("/admin-portal/forgot-password", fields, {
            headers: { [CLIENT_ADDRESS_HEADER]: address },
          }),
        ),
      ),
    );

  it.each([
    [{}, "Email is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "nope" }, "Invalid email address"],
  ])("validates %j", async (fields, message) => {
    const outcome = await forgot(fields as Record<string, string>);
    expect(outcome.status).toBe(400);
    expect(shownErrors(outcome)).toEqual({ email: message });
    expect(await outboxMails()).toEqual([]);
  });

  it.each(["a@b.c", "a@b..co", "<a@b.co>", "a@[127.0.0.1]", "ａｄａ@example.com"])(
    "refuses %j, which the auth library refuses, with 400",
    async (email) => {
      const outcome = await forgot({ email });
      expect(outcome.status).toBe(400);
      expect(shownErrors(outcome)).toEqual({ email: "Invalid email address" });
    },
  );

  it("answers the same for an admin and a stranger; only the admin gets an e-mail", async () => {
    const admin = await makeAdmin();
    const known = await forgot({ email: admin.email.toUpperCase() });
    const unknown = await forgot({ email: uniqueEmail("stranger") });
    expect(known).toMatchObject({ kind: "data", data: { notice: authMessages.resetRequested } });
    expect(unknown).toMatchObject({
      kind: "data",
      data: { notice: authMessages.resetRequested },
    });
    const mails = await outboxMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(admin.email);
  });

  it("refuses with 429 once the address asked too often", async () => {
    const address = uniqueAddress();
    for (let index = 0; index < resetRequestLimit.limit; index += 1) {
      await forgot({ email: uniqueEmail("x") }, address);
    }
    const outcome = await forgot({ email: uniqueEmail("x") }, address);
    expect(outcome.status).toBe(429);
    expect(replyOf(outcome).result.error).toEqual({ "": [authMessages.tooManyResetRequests] });
  });
});

describe("reset-password route", () => {
  const reset = (fields: Record<string, string>) =>
    outcomeOf(() =>
      resetRoute.action(routeArgs(postRequest("/admin-portal/reset-password", fields))),
    );

  it("the loader hands the token from the link to the form", async () => {
    const outcome = await outcomeOf(() =>
      resetRoute.loader(routeArgs(getRequest("/admin-portal/reset-password?token=abc123"))),
    );
    expect(outcome).toMatchObject({ kind: "value", data: { token: "abc123" } });
  });

  it.each([
    [
      { token: "t", password: "", confirmPassword: "" },
      { password: "Password is required", confirmPassword: "Please confirm the new password" },
    ],
    [
      { token: "t", password: "12345", confirmPassword: "12345" },
      { password: "Password must be at least 6 characters" },
    ],
    [
      { token: "t", password: "long-enough", confirmPassword: "different" },
      { confirmPassword: "Passwords do not match" },
    ],
  ])("validates %j", async (fields, errors) => {
    const outcome = await reset(fields);
    expect(outcome.status).toBe(400);
    expect(shownErrors(outcome)).toEqual(errors);
  });

  it("sets the password and redirects to the login page with a flash; a reused link is refused", async () => {
    const admin = await makeAdmin();
    const token = await resetTokenFor(admin.email);
    const fields = { token, password: "route-new-secret", confirmPassword: "route-new-secret" };
    const done = await reset(fields);
    expect(done).toMatchObject({ kind: "redirect", location: "/admin-portal/login" });
    expect(setCookiesOf(done).some((cookie) => cookie.startsWith("academy-flash="))).toBe(true);
    expect((await attempt(admin.email, "route-new-secret")).ok).toBe(true);

    const again = await reset(fields);
    expect(again.status).toBe(400);
    expect(replyOf(again).result.error).toEqual({ "": [authMessages.resetInvalid] });
  });
});

describe("sign-in-link route", () => {
  const post = (fields: Record<string, string>, address = uniqueAddress()) =>
    outcomeOf(() =>
      signInLinkRoute.action(
        routeArgs(
          postRequest("/admin-portal/sign-in-link", fields, {
            headers: { [CLIENT_ADDRESS_HEADER]: address },
          }),
        ),
      ),
    );

  it("the loader hands the token from the link to the form", async () => {
    const outcome = await outcomeOf(() =>
      signInLinkRoute.loader(routeArgs(getRequest("/admin-portal/sign-in-link?token=abc123"))),
    );
    expect(outcome).toMatchObject({ kind: "value", data: { token: "abc123" } });
  });

  it.each([
    [{ intent: "request", email: "nope" }, { email: "Invalid email address" }],
    [{ intent: "request", email: "a@b.c" }, { email: "Invalid email address" }],
    [{ intent: "request" }, { email: "Email is required" }],
    [
      { intent: "sign-in" },
      { token: "This sign-in link is invalid or has expired. Please ask for a new one." },
    ],
  ])("validates %j", async (fields, errors) => {
    const outcome = await post(fields);
    expect(outcome.status).toBe(400);
    expect(shownErrors(outcome)).toEqual(errors);
  });

  it("e-mails a link that signs the admin in and leads to the dashboard, once", async () => {
    const admin = await makeAdmin();
    const asked = await post({ intent: "request", email: admin.email.toUpperCase() });
    expect(asked).toMatchObject({ kind: "data", data: { notice: authMessages.signInLinkSent } });
    const [mail] = (await outboxMails()).filter((item) => item.text.includes(admin.email));
    const token = new URL(mail?.text.match(/http\S+sign-in-link\S+/)?.[0] ?? "").searchParams.get(
      "token",
    );
    const used = await post({ intent: "sign-in", token: token ?? "" });
    expect(used).toMatchObject({ kind: "redirect", location: "/admin-portal/dashboard" });
    const session = await readAdminSession(
      getRequest("/admin-portal/dashboard", { cookie: cookieHeader(setCookiesOf(used)) }),
    );
    expect(session.status).toBe("active");

    const again = await post({ intent: "sign-in", token: token ?? "" });
    expect(again.status).toBe(401);
    expect(replyOf(again).result.error).toEqual({ "": [authMessages.signInLinkInvalid] });
  });
});

describe("inactive admin row after sign-in", () => {
  it("a session whose admins row was switched off reads as inactive", async () => {
    const { admin, cookie } = await signedInAdmin();
    await database().db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
    expect(await readAdminSession(getRequest("/", { cookie }))).toEqual({
      status: "inactive",
      userId: admin.userId,
    });
  });
});
