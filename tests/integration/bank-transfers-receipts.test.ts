import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applicationEvents, bankAccount, outgoingEmails, payments } from "~/db/schema";
import {
  applyForIntake,
  sendApplicationLinks,
  takeApplicantStep,
} from "~/features/applications/applications.server";
import { bankAccountMessages } from "~/features/payments/bank-account-schema";
import { paymentMessages } from "~/features/payments/payment-messages";
import { formatReceiptNumber } from "~/features/payments/payment-reference";
import { receiptAttachments } from "~/features/payments/receipts/receipts.server";
import { fileMessages } from "~/lib/forms/upload-rules";
import { env, loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { setPaymentProofs } from "~/lib/infra/storage/index.server";
import { localDiskStorage } from "~/lib/infra/storage/local-disk.server";
import type { ObjectStorage } from "~/lib/infra/storage/storage.server";
import { takeFlash } from "~/lib/router/flash.server";
import * as settingsRoute from "~/routes/admin/settings";
import * as staffReceiptRoute from "~/routes/resources/staff-receipt";
import * as demoCheckoutRoute from "~/routes/site/demo-checkout";
import * as proofRoute from "~/routes/site/payment-proof";
import * as oldReturnRoute from "~/routes/site/payment-return";
import * as receiptRoute from "~/routes/site/receipt";
import {
  getRequest,
  makeAdmin,
  postRequest,
  signedInAdmin,
  signInCookie,
} from "../support/admin-session";
import {
  applicantInput,
  applicationByEmail,
  comeBackFromCheckout,
  myApplicationPage,
  openIntake,
  origin,
  postOnMyApplication,
  timelineKinds,
  tokenOf,
} from "../support/application-fixtures";
import { pdfBomb } from "../support/pdf-bomb";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

let proofs: ObjectStorage;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), "proofs-"));
  proofs = localDiskStorage(root, "payment-proofs");
  setPaymentProofs(proofs);
  // Demo mode without a Paystack key: the demo's test checkout is the gateway.
  setEnvForTesting({
    ...loadEnv({ ...process.env, DATABASE_URL: "" }),
    PAYSTACK_SECRET_KEY: undefined,
  });
});
afterAll(() => {
  setPaymentProofs(undefined);
  setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" }));
});

const account = {
  bankName: "Zenith Bank",
  accountName: "Lagos Tech Academy Ltd",
  accountNumber: "1012345678",
};

/** An applicant who accepted a first-come place and chose to pay in two parts. */
async function payingApplicant() {
  const { intake } = await openIntake({
    admissionMode: "first-come",
    price: 20_000_000,
    paymentPlans: ["full", "two-instalments"],
  });
  const input = applicantInput();
  await applyForIntake(intake.id, input, origin);
  const token = await tokenOf(input.email);
  await takeApplicantStep(token, "accept");
  await postOnMyApplication(token, { intent: "choose-plan", plan: "two-instalments" });
  return { token, application: await applicationByEmail(input.email) };
}

/** The notice a redirect carries to the next page, read as the next page reads it. */
async function flashOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const { flash } = await takeFlash(getRequest("/", { cookie }));
  return flash?.message ?? "";
}

async function sendProof(token: string, file: File | null) {
  const form = new FormData();
  if (file) form.append("proofFile", file);
  const response = await proofRoute.action(
    routeArgs(
      new Request(`http://localhost/application/${token}/proof`, { method: "POST", body: form }),
      { token },
    ),
  );
  return response as Response;
}

const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6" } })
          .png()
          .withMetadata({ exif: { IFD0: { Copyright: "secret place" } } })
          .toBuffer(),
      ),
    ],
    "transfer.png",
    { type: "image/png" },
  );

async function pdf({ script = false } = {}) {
  const document = await PDFDocument.create();
  document.addPage();
  if (script)
    document.catalog.set(
      PDFName.of("OpenAction"),
      document.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }),
    );
  return new File([new Uint8Array(await document.save())], "statement.pdf", {
    type: "application/pdf",
  });
}

const paymentsOf = (applicationId: string) =>
  db().select().from(payments).where(eq(payments.applicationId, applicationId));

describe("the academy's bank account (Settings)", () => {
  beforeEach(() => db().delete(bankAccount));

  it("is saved by a super admin, digits only, and refused to an admin", async () => {
    const { admin: superAdmin, cookie } = await signedInAdmin({ role: "super_admin" });
    const saved = (await settingsRoute.action(
      routeArgs(
        postRequest(
          "/admin-portal/settings",
          { intent: "bank-account", ...account, accountNumber: "101 234-5678" },
          { cookie },
        ),
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toContain(bankAccountMessages.saved);
    const [row] = await db().select().from(bankAccount);
    expect(row).toMatchObject({ ...account, updatedBy: superAdmin.id });

    const admin = await makeAdmin();
    const refused = await settingsRoute
      .action(
        routeArgs(
          postRequest(
            "/admin-portal/settings",
            { intent: "bank-account", ...account, bankName: "Elsewhere" },
            { cookie: await signInCookie(admin.email) },
          ),
        ),
      )
      .catch((thrown: unknown) => thrown);
    expect((refused as { init: ResponseInit }).init.status).toBe(403);
    expect((await db().select().from(bankAccount))[0]?.bankName).toBe("Zenith Bank");
  });

  it("refuses an account number that is not ten digits, on its field", async () => {
    const superAdmin = await makeAdmin({ role: "super_admin" });
    const refused = (await settingsRoute.action(
      routeArgs(
        postRequest(
          "/admin-portal/settings",
          { intent: "bank-account", ...account, accountNumber: "12345" },
          { cookie: await signInCookie(superAdmin.email) },
        ),
      ),
    )) as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit | null };
    expect(refused.init?.status).toBe(400);
    expect(refused.data.result.error.accountNumber).toEqual([
      bankAccountMessages.accountNumberInvalid,
    ]);
    expect(await db().select().from(bankAccount)).toEqual([]);
  });
});

describe("paying by bank transfer", () => {
  beforeAll(async () => {
    await db().delete(bankAccount);
    await db().insert(bankAccount).values(account);
  });

  it("shows the account, the exact amount and the reference to write", async () => {
    const { token } = await payingApplicant();
    const { payments: shown } = await myApplicationPage(token);
    if (shown?.stage !== "pay") throw new Error(`Expected the pay stage, got ${shown?.stage}`);
    expect(shown.bankTransfer).toMatchObject({ ...account, proof: null });
    expect(shown.bankTransfer?.reference).toMatch(/^LTA-A-\d{6}$/);
    expect(shown.next?.amount).toBe(10_000_000);
  });

  it("keeps a proof privately, without its metadata, for staff to check; one at a time", async () => {
    const { token, application } = await payingApplicant();
    const sent = await sendProof(token, await png());
    expect(sent.status).toBe(302);
    expect(await flashOf(sent)).toContain(paymentMessages.proofSent);
    const [proof] = await paymentsOf(application.id);
    expect(proof).toMatchObject({
      method: "bank-transfer",
      status: "proof-sent",
      amount: 10_000_000,
      proofName: "transfer.png",
      proofType: "image/png",
      receiptNumber: null,
    });
    const stored = await proofs.get(proof?.proofKey ?? "");
    expect(stored?.contentType).toBe("image/png");
    const kept = Buffer.concat(await (stored?.body.toArray() ?? []));
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(await timelineKinds(application.id)).toContain("proof-sent");
    const { payments: shown } = await myApplicationPage(token);
    expect(shown?.stage === "pay" && shown.bankTransfer?.proof).toEqual({ state: "waiting" });

    const again = await sendProof(token, await pdf());
    expect(await flashOf(again)).toContain(paymentMessages.proofWaiting);
    expect(await paymentsOf(application.id)).toHaveLength(1);
  });

  it("refuses a PDF whose object stream unpacks to 200 MB with the reason, and records nothing", async () => {
    const { token, application } = await payingApplicant();
    const bomb = new File([new Uint8Array(await pdfBomb())], "statement.pdf", {
      type: "application/pdf",
    });
    expect(await flashOf(await sendProof(token, bomb))).toContain(fileMessages.unpackedProof);
    expect(await paymentsOf(application.id)).toEqual([]);
  });

  it("refuses a proof for a link that opens nothing without waiting for its body", async () => {
    // A body that never ends, as a sender of one byte a second for minutes is to the route.
    const endless = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const request = new Request(`http://localhost/application/${"A".repeat(43)}/proof`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=part" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const response = await proofRoute.action(routeArgs(request, { token: "A".repeat(43) }));
    expect(await flashOf(response as Response)).toContain(paymentMessages.notAccepted);
  });

  it("takes a phone's 12 MB photo and keeps it at most 2400 px a side, far smaller", async () => {
    const { token, application } = await payingApplicant();
    // Noise does not compress: 4000 x 3200 at quality 95 is about 12 MB, as a phone photo.
    const noise = Buffer.alloc(4000 * 3200 * 3);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((i * 2654435761) >>> 0, i);
    const photo = await sharp(noise, { raw: { width: 4000, height: 3200, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(11.5 * 1024 * 1024);
    const sent = await sendProof(
      token,
      new File([new Uint8Array(photo)], "IMG_20261128.jpg", { type: "image/jpeg" }),
    );
    expect(await flashOf(sent)).toContain(paymentMessages.proofSent);
    const [proof] = await paymentsOf(application.id);
    const stored = await proofs.get(proof?.proofKey ?? "");
    const kept = Buffer.concat(await (stored?.body.toArray() ?? []));
    expect(await sharp(kept).metadata()).toMatchObject({ width: 2400, height: 1920 });
    expect(kept.length).toBeLessThan(photo.length / 2);
  });

  it("explains a HEIC photo and a file of another kind in plain words, and records nothing", async () => {
    const { token, application } = await payingApplicant();
    const heicHead = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic\0\0\0\0mif1heic"),
      Buffer.alloc(64, 7),
    ]);
    const heic = await sendProof(
      token,
      new File([new Uint8Array(heicHead)], "IMG_0001.HEIC", { type: "image/heic" }),
    );
    expect(await flashOf(heic)).toBe(fileMessages.heicProof);
    const text = await sendProof(token, new File(["hello"], "note.txt", { type: "text/plain" }));
    expect(await flashOf(text)).toBe(
      "We cannot open this kind of file. Send a photo (JPEG or PNG) or a PDF.",
    );
    expect(await paymentsOf(application.id)).toEqual([]);
  });

  it("takes a PDF, refuses one with scripts, a file of another type and none at all", async () => {
    const { token, application } = await payingApplicant();
    const active = await sendProof(token, await pdf({ script: true }));
    expect(await flashOf(active)).toContain(fileMessages.activeProof);
    const text = await sendProof(token, new File(["hello"], "note.txt", { type: "text/plain" }));
    expect(await flashOf(text)).toContain(fileMessages.wrongType("proof"));
    const none = await sendProof(token, null);
    expect(await flashOf(none)).toContain(paymentMessages.proofRequired);
    expect(await paymentsOf(application.id)).toEqual([]);
    const taken = await sendProof(token, await pdf());
    expect(await flashOf(taken)).toContain(paymentMessages.proofSent);
    expect((await paymentsOf(application.id))[0]?.proofType).toBe("application/pdf");
  });

  it("is not offered, and a proof is refused, until the account is entered", async () => {
    const { token, application } = await payingApplicant();
    await db().delete(bankAccount);
    try {
      const { payments: shown } = await myApplicationPage(token);
      expect(shown?.stage === "pay" && shown.bankTransfer).toBeNull();
      expect(await flashOf(await sendProof(token, await png()))).toContain(
        paymentMessages.noBankTransfer,
      );
      expect(await paymentsOf(application.id)).toEqual([]);
    } finally {
      await db().insert(bankAccount).values(account);
    }
  });

  it("refuses a proof from a link that opens nothing", async () => {
    const response = await sendProof("x".repeat(43), await png());
    expect(await flashOf(response)).toContain(paymentMessages.notAccepted);
  });

  it("keeps no proof from a link that 'Find my application' replaced, and goes to its page", async () => {
    const { token, application } = await payingApplicant();
    await sendApplicationLinks(application.email);
    const response = await sendProof(token, await png());
    expect(response.headers.get("Location")).toBe(`/application/${token}`);
    expect(await paymentsOf(application.id)).toEqual([]);
    const fresh = await tokenOf(application.email);
    expect(await flashOf(await sendProof(fresh, await png()))).toContain(paymentMessages.proofSent);
  });
});

describe("links that are not ours", () => {
  const statusOf = (thrown: unknown) => (thrown as { init?: ResponseInit }).init?.status;

  it("answers 404, not 500, to a NUL byte for the token on the payment return and the proof", async () => {
    const token = "\u0000";
    const returned = await oldReturnRoute
      .loader(routeArgs(new Request("http://localhost/application/%00/paid"), { token }))
      .catch((thrown: unknown) => thrown);
    expect(statusOf(returned)).toBe(404);
    const proof = await proofRoute
      .action(
        routeArgs(
          new Request("http://localhost/application/%00/proof", {
            method: "POST",
            body: new FormData(),
          }),
          { token },
        ),
      )
      .catch((thrown: unknown) => thrown);
    expect(statusOf(proof)).toBe(404);
  });

  it("takes a reference that is not ours (a NUL byte) for an unknown payment, not a server error", async () => {
    expect(await comeBackFromCheckout("http://localhost/checkout-return?reference=%00")).toEqual(
      expect.objectContaining({
        notice: expect.objectContaining({ message: paymentMessages.unknownPayment }),
      }),
    );
  });
});

describe("the demo's test checkout and the receipt", () => {
  const checkout = (reference: string) =>
    demoCheckoutRoute.loader(
      routeArgs(new Request(`http://localhost/demo-checkout/${reference}`), { reference }),
    );
  const choose = (reference: string, outcome: string) =>
    demoCheckoutRoute.action(
      routeArgs(
        new Request(`http://localhost/demo-checkout/${reference}`, {
          method: "POST",
          body: new URLSearchParams({ outcome }),
        }),
        { reference },
      ),
    ) as Promise<Response>;

  /** Pays the next instalment through the demo checkout and comes back; the reference. */
  async function payThroughDemo(token: string) {
    const toCheckout = (await postOnMyApplication(token, { intent: "pay" })) as Response;
    const location = new URL(toCheckout.headers.get("Location") ?? "");
    expect(location.pathname).toMatch(/^\/demo-checkout\/LTA-P-/);
    const reference = location.pathname.split("/")[2] ?? "";
    expect(await checkout(reference)).toEqual({ amount: 10_000_000, reference });
    const back = new URL((await choose(reference, "pay")).headers.get("Location") ?? "");
    expect(back.pathname).toBe("/checkout-return");
    expect(back.href).not.toContain(token);
    const returned = (await comeBackFromCheckout(back.href, toCheckout)) as Response;
    expect(returned.headers.get("Location")).toBe(`/application/${token}`);
    expect(await flashOf(returned)).toContain(paymentMessages.paid);
    // A finished checkout is gone: its reference (printed on the receipt) opens nothing and
    // can change nothing, nor lead anyone to the applicant's private link.
    const replayed = await choose(reference, "fail").catch((thrown: unknown) => thrown);
    expect((replayed as { init: ResponseInit }).init.status).toBe(404);
    const reopened = await checkout(reference).catch((thrown: unknown) => thrown);
    expect((reopened as { init: ResponseInit }).init.status).toBe(404);
    return reference;
  }

  it("pays through the test checkout, enrols, and e-mails one numbered receipt as a PDF", async () => {
    const { token, application } = await payingApplicant();
    const reference = await payThroughDemo(token);
    const [paid] = await db().select().from(payments).where(eq(payments.reference, reference));
    expect(paid).toMatchObject({ status: "paid", method: "paystack" });
    expect((await applicationByEmail(application.email)).status).toBe("enrolled");
    const receipts = await db()
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.paymentId, paid?.id ?? ""));
    expect(receipts).toHaveLength(1);
    const [receiptEmail] = receipts;
    if (!receiptEmail || !paid?.receiptNumber) throw new Error("no receipt e-mail");
    const number = formatReceiptNumber(paid.receiptNumber);
    expect(receiptEmail).toMatchObject({ kind: "payment", recipients: [application.email] });
    expect(receiptEmail.body).toContain(`Your receipt ${number} is attached.`);
    expect(receiptEmail.body).toContain("Still to pay: ₦100,000");
    const [attachment] = await receiptAttachments(receiptEmail);
    expect(attachment?.filename).toBe(`${number}.pdf`);
    const document = await PDFDocument.load(attachment?.content ?? new Uint8Array());
    expect(document.getTitle()).toBe(`Receipt ${number}`);
    expect(document.getPageCount()).toBe(1);
    const [event] = await db()
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.emailId, receiptEmail.id));
    expect(event?.detail).toEqual({ receipt: number });
  });

  it("a failed or cancelled test payment records nothing paid", async () => {
    const { token, application } = await payingApplicant();
    const toCheckout = (await postOnMyApplication(token, { intent: "pay" })) as Response;
    const reference =
      new URL(toCheckout.headers.get("Location") ?? "").pathname.split("/")[2] ?? "";
    const back = new URL((await choose(reference, "fail")).headers.get("Location") ?? "");
    const returned = (await comeBackFromCheckout(back.href, toCheckout)) as Response;
    expect(await flashOf(returned)).toContain(paymentMessages.failed);
    expect((await paymentsOf(application.id)).map((payment) => payment.status)).toEqual(["failed"]);
    expect((await applicationByEmail(application.email)).status).toBe("accepted");
  });

  it("is not there with a Paystack key, nor for an unknown reference", async () => {
    const unknown = await checkout("LTA-P-0000000000").catch((thrown: unknown) => thrown);
    expect((unknown as { init: ResponseInit }).init.status).toBe(404);
    setEnvForTesting({ ...env(), PAYSTACK_SECRET_KEY: "sk_test_key" });
    try {
      const keyed = await checkout("LTA-P-0000000000").catch((thrown: unknown) => thrown);
      expect((keyed as { init: ResponseInit }).init.status).toBe(404);
    } finally {
      setEnvForTesting({ ...env(), PAYSTACK_SECRET_KEY: undefined });
    }
  });

  it("gives the applicant their own receipts only, and staff any receipt once signed in", async () => {
    const mine = await payingApplicant();
    const other = await payingApplicant();
    await payThroughDemo(mine.token);
    const { payments: shown } = await myApplicationPage(mine.token);
    const receipt = shown?.stage === "pay" ? shown.receipts[0] : undefined;
    if (!receipt) throw new Error("no receipt shown");
    const download = (token: string, number: string) =>
      receiptRoute.loader(
        routeArgs(new Request(`http://localhost/application/${token}/receipts/${number}`), {
          token,
          number,
        }),
      );
    const own = await download(mine.token, String(receipt.number));
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${receipt.label}.pdf"`,
    );
    expect((await download(other.token, String(receipt.number))).status).toBe(404);
    expect((await download(mine.token, "12x")).status).toBe(404);

    // Once 'Find my application' replaced the link, it downloads nothing and says so on its
    // page; a return from a checkout it started (the old way back, with the link in it) too.
    await sendApplicationLinks(mine.application.email);
    const replaced = await download(mine.token, String(receipt.number));
    expect(replaced.status).toBe(302);
    expect(replaced.headers.get("Location")).toBe(`/application/${mine.token}`);
    const fresh = await tokenOf(mine.application.email);
    expect((await download(fresh, String(receipt.number))).status).toBe(200);
    const [paid] = await paymentsOf(mine.application.id);
    const oldWayBack = (await oldReturnRoute.loader(
      routeArgs(
        new Request(`http://localhost/application/${mine.token}/paid?reference=${paid?.reference}`),
        { token: mine.token },
      ),
    )) as Response;
    const onward = oldWayBack.headers.get("Location") ?? "";
    expect(onward).toBe(`/checkout-return?reference=${paid?.reference}`);
    expect(await comeBackFromCheckout(`http://localhost${onward}`, oldWayBack)).toEqual({
      notice: { kind: "success", message: paymentMessages.paid },
      linkReplaced: true,
    });

    const path = `/admin-portal/students/receipts/${receipt.number}`;
    const signedOut = await staffReceiptRoute
      .loader(routeArgs(getRequest(path), { number: String(receipt.number) }))
      .catch((thrown: unknown) => thrown);
    expect((signedOut as Response).status).toBe(302);
    const admin = await makeAdmin();
    const staff = await staffReceiptRoute.loader(
      routeArgs(getRequest(path, { cookie: await signInCookie(admin.email) }), {
        number: String(receipt.number),
      }),
    );
    expect(staff.status).toBe(200);
  });
});
