import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  type Admin,
  applicationEvents,
  certificateSignatory,
  certificates,
  type Intake,
  instalments,
  outgoingEmails,
} from "~/db/schema";
import { issueApplicationLink } from "~/features/applications/application-token.server";
import {
  certificateAttachments,
  certificatePdf,
} from "~/features/certificates/certificate-files.server";
import { certificateMessages } from "~/features/certificates/certificate-schema";
import { readSerial } from "~/features/certificates/certificate-serial";
import { stateText } from "~/features/certificates/certificate-verification";
import { intakeCertificates } from "~/features/certificates/intake-certificates.server";
import {
  issueCertificates,
  markProject,
  reissueCertificate,
  revokeCertificate,
} from "~/features/certificates/issuing.server";
import { saveSignatory } from "~/features/certificates/signatory.server";
import { studentCertificate } from "~/features/certificates/student-certificate.server";
import { loadRegister, saveRegister } from "~/features/cohort/register.server";
import { erasePerson, exportPersonData } from "~/features/people/personal-data.server";
import { UserFacingError } from "~/lib/errors";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import * as classListRoute from "~/routes/admin/class-list";
import * as certificateFileRoute from "~/routes/site/certificate-file";
import * as certificateNameRoute from "~/routes/site/certificate-name";
import * as verifyCertificateRoute from "~/routes/site/verify-certificate";
import { getRequest, makeAdmin, signedInAdmin } from "../support/admin-session";
import { enrolledClass, twiceWeekly } from "../support/cohort-fixtures";
import { pdfText } from "../support/pdf-qr";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

const SERIAL = /^LTA-C-[0-9A-HJKMNP-TV-Z]{10}$/;

/** A class that ended last week: 16 evening sessions of 3 hours, every register taken. */
async function finishedClass(size: number, fields: Partial<Intake> = {}) {
  const { intake, students } = await enrolledClass(size, { startsInDays: -63, ...fields });
  const sessions = await twiceWeekly(intake);
  return { intake, students, sessions };
}

/** Takes every register, marking `absentAt` absent in the sessions it names. */
async function takeRegisters(sessions: { id: string }[], absentAt: Record<string, number[]> = {}) {
  for (const [index, session] of sessions.entries()) {
    const register = await loadRegister(session.id);
    if (!register) throw new Error("no register");
    await saveRegister(
      session.id,
      {
        intent: "register",
        student: register.students.map((student) => student.id),
        mark: register.students.map((student) =>
          absentAt[student.id]?.includes(index) ? "absent" : "present",
        ),
        was: register.students.map(() => ""),
      },
      "Staff",
    );
  }
}

/** A student's private link, as their e-mails carry it. */
async function tokenFor(applicationId: string) {
  const link = await db().transaction((tx) => issueApplicationLink(tx, applicationId));
  return link.split("/application/")[1] as string;
}

async function confirmName(token: string, name: string) {
  const request = new Request(`http://localhost/application/${token}/certificate`, {
    method: "POST",
    body: new URLSearchParams({ certificateName: name }),
  });
  return certificateNameRoute.action(routeArgs(request, { token }));
}

/** A finished class whose students all confirmed their names, the signatory set. */
async function readyClass(size: number, fields: Partial<Intake> = {}) {
  const admin = await makeAdmin({ role: "super_admin" });
  await saveSignatory(admin, {
    intent: "signatory",
    signatoryName: "Adaeze Okafor",
    signatoryTitle: "Director of Studies",
  });
  const made = await finishedClass(size, fields);
  const tokens = new Map<string, string>();
  for (const student of made.students) {
    const token = await tokenFor(student.id);
    tokens.set(student.id, token);
    await confirmName(token, student.fullName);
  }
  await takeRegisters(made.sessions);
  return { admin, tokens, ...made };
}

function verifyRequest(serial: string, address = "198.51.100.7") {
  return verifyCertificateRoute.loader(
    routeArgs(
      new Request(`http://localhost/verify/${serial}`, {
        headers: { [CLIENT_ADDRESS_HEADER]: address },
      }),
      { serial },
    ),
  );
}

async function verifyPage(serial: string, address?: string) {
  const answer = await verifyRequest(serial, address);
  if (answer instanceof Response) throw answer;
  return { status: answer.init?.status ?? 200, page: answer.data };
}

const certificateOf = async (applicationId: string) =>
  db().select().from(certificates).where(eq(certificates.applicationId, applicationId));

describe("eligibility", () => {
  it("names every condition a student misses, and the class list shows it", async () => {
    const admin = await makeAdmin();
    const { intake, students, sessions } = await finishedClass(4, {
      certificateMinAttendance: 75,
      certificateRequiresProject: true,
    });
    const [keen, absent, owing, unconfirmed] = students;
    if (!keen || !absent || !owing || !unconfirmed) throw new Error("no class");
    for (const student of [keen, absent, owing])
      await confirmName(await tokenFor(student.id), student.fullName);
    // Absent at 5 of 16: 68 %, under 75 %.
    await takeRegisters(sessions, { [absent.id]: [0, 3, 6, 9, 12] });
    await db().insert(instalments).values({
      applicationId: owing.id,
      number: 2,
      amount: 5_000_000,
      dueOn: intake.startsOn,
    });
    const view = await intakeCertificates(intake.id);
    const reasonsOf = (id: string) => view?.students.find((student) => student.id === id)?.blockers;
    expect(view?.hours).toBe(48);
    expect(reasonsOf(keen.id)).toEqual(["Final project not marked"]);
    expect(reasonsOf(absent.id)).toEqual([
      "Attendance 68 % (needs 75 %)",
      "Final project not marked",
    ]);
    expect(reasonsOf(owing.id)).toEqual(["₦50,000 still to pay", "Final project not marked"]);
    expect(reasonsOf(unconfirmed.id)).toContain("Name not yet confirmed by the student");

    await markProject(admin, intake.id, keen.id, "passed");
    await markProject(admin, intake.id, absent.id, "failed");
    const after = await intakeCertificates(intake.id);
    expect(after?.students.find((student) => student.id === keen.id)?.blockers).toEqual([]);
    expect(after?.students.find((student) => student.id === absent.id)?.blockers).toContain(
      "Final project not passed",
    );

    const { cookie } = await signedInAdmin();
    const list = await classListRoute.loader(
      routeArgs(getRequest(`/admin-portal/students/class-list?intake=${intake.id}`, { cookie })),
    );
    expect(list.certificates[keen.id]).toBe("Eligible");
    expect(list.certificates[owing.id]).toMatch(/^Not yet: ₦50,000 still to pay/);
  });

  it("waits for the course to end and for a timetable", async () => {
    const { intake, students } = await enrolledClass(1, { startsInDays: -7 });
    const view = await intakeCertificates(intake.id);
    const reasons = view?.students.find((student) => student.id === students[0]?.id)?.blockers;
    expect(reasons?.[0]).toMatch(/^The course ends on /);
    expect(reasons).toContain("The timetable has no sessions");
  });
});

describe("issuing", () => {
  it("issues each eligible student one certificate, once, e-mailed with its PDF", async () => {
    const { intake, students, admin } = await readyClass(3);
    const [first] = students;
    if (!first) throw new Error("no class");
    expect(await issueCertificates(admin, intake.id)).toBe(3);
    // Again, and twice at once: nothing new.
    expect(await issueCertificates(admin, intake.id)).toBe(0);
    await Promise.all([issueCertificates(admin, intake.id), issueCertificates(admin, intake.id)]);
    const issued = await certificateOf(first.id);
    expect(issued).toHaveLength(1);
    const [certificate] = issued;
    expect(certificate?.serial).toMatch(SERIAL);
    expect(certificate).toMatchObject({
      holderName: first.fullName,
      hours: 48,
      signatoryName: "Adaeze Okafor",
      signatoryTitle: "Director of Studies",
      startsOn: intake.startsOn,
    });
    // Each student has a serial of their own.
    const serials = (await Promise.all(students.map((student) => certificateOf(student.id)))).map(
      (rows) => rows[0]?.serial,
    );
    expect(new Set(serials).size).toBe(3);

    // E-mailed once, with the PDF attached when sent; in the student's history.
    const mails = await db()
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.certificateId, certificate?.id ?? ""));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe("certificate");
    expect(mails[0]?.body).toContain(`/verify/${certificate?.serial}`);
    const [attachment] = await certificateAttachments(mails[0] as (typeof mails)[number]);
    expect(attachment?.filename).toBe(`${certificate?.serial}.pdf`);
    const text = await pdfText(new Uint8Array(attachment?.content ?? []));
    expect(text).toContain(first.fullName);
    const kinds = await db()
      .select({ kind: applicationEvents.kind })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, first.id));
    expect(kinds.map((row) => row.kind)).toEqual(
      expect.arrayContaining(["name-confirmed", "certificate-issued"]),
    );
  });

  it("is refused with its reasons for one student not yet eligible, and without a signatory", async () => {
    const admin = await makeAdmin();
    const { intake, students } = await finishedClass(1);
    const [student] = students;
    await db().delete(certificateSignatory);
    await expect(issueCertificates(admin, intake.id)).rejects.toThrow(
      certificateMessages.noSignatory,
    );
    await saveSignatory(admin, { intent: "signatory", signatoryName: "A", signatoryTitle: "B" });
    const refusal = await issueCertificates(admin, intake.id, student?.id).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(UserFacingError);
    expect((refusal as Error).message).toMatch(/^Not eligible yet: .*Name not yet confirmed/);
  });

  it("makes the same PDF every time, and gives the student only their own", async () => {
    const { intake, students, admin, tokens } = await readyClass(2);
    await issueCertificates(admin, intake.id);
    const [mine, theirs] = students;
    const [certificate] = await certificateOf(mine?.id ?? "");
    const serial = certificate?.serial ?? "";
    const first = await certificatePdf(serial);
    const second = await certificatePdf(serial);
    expect(Buffer.from(first?.pdf ?? []).equals(Buffer.from(second?.pdf ?? []))).toBe(true);

    const token = tokens.get(mine?.id ?? "") ?? "";
    const download = (file: string, as = token) =>
      certificateFileRoute.loader(
        routeArgs(new Request(`http://localhost/application/${as}/certificate/${file}`), {
          token: as,
          file,
        }),
      );
    const own = await download(`${serial}.pdf`);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    const other = await download(`${serial}.pdf`, tokens.get(theirs?.id ?? "") ?? "");
    expect(other.status).toBe(404);

    // The student's page shows it, and no longer offers to change the name.
    expect((await studentCertificate(token))?.certificate?.serial).toBe(serial);
    const late = await confirmName(token, "Someone Else");
    expect(late.status).toBe(302);
    expect(await certificateOf(mine?.id ?? "")).toHaveLength(1);
  });
});

describe("verification", () => {
  it("shows every printed field and nothing else; an unknown number is a clear 404", async () => {
    const { intake, students, admin } = await readyClass(1);
    await issueCertificates(admin, intake.id);
    const [certificate] = await certificateOf(students[0]?.id ?? "");
    const serial = certificate?.serial ?? "";
    const { status, page } = await verifyPage(serial);
    expect(status).toBe(200);
    if (page.outcome !== "found") throw new Error("not found");
    expect(page.certificate).toEqual({
      serial,
      state: "valid",
      holderName: students[0]?.fullName,
      courseTitle: certificate?.courseTitle,
      startsOn: intake.startsOn,
      endsOn: intake.endsOn,
      hours: 48,
      issuedAt: certificate?.issuedAt,
      signatoryName: "Adaeze Okafor",
      signatoryTitle: "Director of Studies",
      revokedAt: null,
      replacedBy: null,
    });
    expect(JSON.stringify(page)).not.toContain(students[0]?.email ?? "@");

    // Typed in lower case with spaces: its page. Unknown: 404 with the form again.
    const typed: unknown = await verifyRequest(serial.toLowerCase().replace("-c-", "-c- ")).catch(
      (thrown: unknown) => thrown,
    );
    expect(typed).toBeInstanceOf(Response);
    expect((typed as Response).headers.get("Location")).toBe(`/verify/${serial}`);
    expect(readSerial("lta-c-7k3m9qxf2d")).toBe("LTA-C-7K3M9QXF2D");
    const missing = await verifyPage("LTA-C-0000000000");
    expect(missing.status).toBe(404);
    expect(missing.page.outcome).toBe("not-found");
  });

  it("says revoked with the date, never the reason; a reissue points to its replacement", async () => {
    const { intake, students, admin } = await readyClass(2);
    await issueCertificates(admin, intake.id);
    const [revoked] = await certificateOf(students[0]?.id ?? "");
    const [renamed] = await certificateOf(students[1]?.id ?? "");
    await revokeCertificate(
      admin as Admin,
      intake.id,
      revoked?.serial ?? "",
      "Plagiarised project",
    );
    const newSerial = await reissueCertificate(
      admin,
      intake.id,
      renamed?.serial ?? "",
      "Ọlálékan Àdìgún",
    );
    const gone = await verifyPage(revoked?.serial ?? "");
    if (gone.page.outcome !== "found") throw new Error("not found");
    expect(gone.page.certificate.state).toBe("revoked");
    expect(gone.page.certificate.revokedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(gone.page)).not.toContain("Plagiarised");
    // Revoked twice is refused.
    await expect(
      revokeCertificate(admin, intake.id, revoked?.serial ?? "", "Again"),
    ).rejects.toThrow(certificateMessages.certificateNotFound);

    const old = await verifyPage(renamed?.serial ?? "");
    if (old.page.outcome !== "found") throw new Error("not found");
    expect(old.page.certificate).toMatchObject({ state: "replaced", replacedBy: newSerial });
    const current = await verifyPage(newSerial);
    if (current.page.outcome !== "found") throw new Error("not found");
    expect(current.page.certificate).toMatchObject({
      state: "valid",
      holderName: "Ọlálékan Àdìgún",
      hours: renamed?.hours,
    });
    const events = await db()
      .select({ kind: applicationEvents.kind, detail: applicationEvents.detail })
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, students[1]?.id ?? ""),
          eq(applicationEvents.kind, "certificate-reissued"),
        ),
      );
    expect(events[0]?.detail).toEqual({ serial: newSerial, replaces: renamed?.serial });
  });

  it("is rate limited per client address, and one address's limit never reaches another", async () => {
    const address = "198.51.100.99";
    for (let look = 0; look < 60; look++) await verifyRequest("LTA-C-0000000000", address);
    const limited = await verifyPage("LTA-C-0000000000", address);
    expect(limited.status).toBe(429);
    expect(limited.page.outcome).toBe("limited");
    expect((await verifyPage("LTA-C-0000000000", "198.51.100.100")).status).toBe(404);
  });
});

describe("personal data", () => {
  it("exports the certificates; after an erasure the serial verifies without the name", async () => {
    const { intake, students, admin } = await readyClass(1);
    await issueCertificates(admin, intake.id);
    const [student] = students;
    const [certificate] = await certificateOf(student?.id ?? "");
    const exported = await exportPersonData({ email: student?.email ?? "", phone: "" });
    expect(exported.applications[0]?.certificates[0]?.serial).toBe(certificate?.serial);

    await erasePerson(admin, { email: student?.email ?? "", phone: "" });
    const { page } = await verifyPage(certificate?.serial ?? "");
    if (page.outcome !== "found") throw new Error("not found");
    expect(page.certificate.holderName).toBeNull();
    expect(page.certificate.state).toBe("valid");
    expect(stateText(page.certificate)).toBe("Issued, holder's data erased on request");
    expect(await certificatePdf(certificate?.serial ?? "")).toBeNull();
  });
});
