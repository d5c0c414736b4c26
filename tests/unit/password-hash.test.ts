import {
  hashPassword as betterAuthHash,
  verifyPassword as betterAuthVerify,
} from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/infra/env.server";
import { scryptHasher } from "~/lib/infra/password-hash.server";

const standard = scryptHasher("standard");
const PASSWORD = "Ọ̀yọ́-correct-horse-42";

describe("staff password hashes", () => {
  it("at the standard cost are Better Auth's own: each side verifies the other's, and only the right password", async () => {
    const theirs = await betterAuthHash(PASSWORD);
    expect(await standard.verify({ hash: theirs, password: PASSWORD })).toBe(true);
    expect(await standard.verify({ hash: theirs, password: `${PASSWORD}!` })).toBe(false);
    const ours = await standard.hash(PASSWORD);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: PASSWORD })).toBe(true);
    expect(await betterAuthVerify({ hash: ours, password: "correct-horse-42" })).toBe(false);
  });

  it("at the test cost do not verify at the standard cost, nor the other way", async () => {
    const cheap = scryptHasher("test");
    const hash = await cheap.hash(PASSWORD);
    expect(await cheap.verify({ hash, password: PASSWORD })).toBe(true);
    expect(await standard.verify({ hash, password: PASSWORD })).toBe(false);
  });

  it.each(["", "no-colon", "abcd:zz", `abcd:${"0".repeat(127)}`, `a:${"0".repeat(128)}:c`])(
    "refuse a stored value that is no hash (%j) without throwing",
    async (hash) => {
      expect(await scryptHasher("test").verify({ hash, password: PASSWORD })).toBe(false);
    },
  );
});

describe("PASSWORD_HASH_COST", () => {
  it("is standard unless set", () => {
    expect(loadEnv({ NODE_ENV: "production" }).PASSWORD_HASH_COST).toBe("standard");
  });

  it.each([
    { NODE_ENV: "test" },
    { NODE_ENV: "test", PUBLIC_URL: "https://academy.example.ng" },
    { NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:4310" },
    { NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" },
  ])("may be test under a test runner or for a site on this machine: %j", (variables) => {
    expect(loadEnv({ ...variables, PASSWORD_HASH_COST: "test" }).PASSWORD_HASH_COST).toBe("test");
  });

  it.each([
    { NODE_ENV: "production" },
    { NODE_ENV: "development" },
    { NODE_ENV: "production", PUBLIC_URL: "https://lagostechacademy.ng" },
    { NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1.example.ng" },
  ])("stops the start-up when test is set for a site that may be deployed: %j", (variables) => {
    expect(() => loadEnv({ ...variables, PASSWORD_HASH_COST: "test" })).toThrow(
      "PASSWORD_HASH_COST: test is for the test suites",
    );
  });

  it("names its values when it is neither", () => {
    expect(() => loadEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "low" })).toThrow(
      'PASSWORD_HASH_COST: must be "standard" or "test"',
    );
  });
});
