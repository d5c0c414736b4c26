import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { accountEmail } from "~/lib/forms/account-fields";
import { addressOfMailbox, domainOfMailbox, emailPattern } from "~/lib/forms/email-address";

/** Better Auth checks every address it is given with zod's `z.email()` (its sign-in, reset). */
const authLibraryAccepts = (address: string) => z.email().safeParse(address).success;
const accountRuleAccepts = (address: string) => accountEmail().safeParse(address).success;

describe("the one e-mail rule", () => {
  it.each([
    "a@b.c",
    "a@b..co",
    "<a@b.co>",
    "a@[127.0.0.1]",
    "ａ@b.co",
    "ada@ｅｘａｍｐｌｅ.com",
    ".ada@example.com",
    "ada..eze@example.com",
    'ada"@example.com',
  ])("refuses %j, which the auth library refuses", (address) => {
    expect(authLibraryAccepts(address)).toBe(false);
    expect(emailPattern.test(address)).toBe(false);
    expect(accountRuleAccepts(address)).toBe(false);
  });

  it.each(["a@b.co", "o'neil@example.ng", "first.last+tag@mail.example.com.ng"])(
    "accepts %j",
    (address) => {
      expect(emailPattern.test(address)).toBe(true);
      expect(authLibraryAccepts(address)).toBe(true);
    },
  );

  it("accepts nothing the auth library refuses (generated addresses)", () => {
    const address = fc.oneof(
      fc.emailAddress(),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc
        .tuple(fc.string({ maxLength: 8 }), fc.string({ unit: "grapheme", maxLength: 12 }))
        .map(([local, domain]) => `${local}@${domain}`),
    );
    fc.assert(
      fc.property(address, (candidate) => {
        if (accountRuleAccepts(candidate)) {
          expect(authLibraryAccepts(candidate.trim().toLowerCase())).toBe(true);
        }
        if (emailPattern.test(candidate)) expect(authLibraryAccepts(candidate)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("a mailbox as the settings write it", () => {
  it.each([
    ["Lagos Tech Academy <No-Reply@Academy.ng>", "no-reply@academy.ng", "academy.ng"],
    ["  replies@Mail.Academy.ng ", "replies@mail.academy.ng", "mail.academy.ng"],
    ["replies+3f2a@academy.ng", "replies+3f2a@academy.ng", "academy.ng"],
  ])("%s is the address %s on %s", (mailbox, address, domain) => {
    expect(addressOfMailbox(mailbox)).toBe(address);
    expect(domainOfMailbox(mailbox)).toBe(domain);
  });
});
