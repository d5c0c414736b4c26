// The fuzz suite's certificate targets (issue 45): the public verify form and page, the student's
// 'Confirm my name' and certificate file, staff's actions on an intake's certificates (issue,
// revoke, reissue, final project) and the signatory in Settings. The set-up makes, through the
// app's own forms, an intake that has ended with three enrolled students: two with certificates
// (one to revoke, one to reissue) and one whose name is not yet confirmed. Random field names,
// values and paths must never give a 5xx.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { addDays, lagosToday } from "~/lib/format/dates";
import type { AppServer } from "../support/app-server";
import { type Field, fuzzFields, fuzzText } from "./payloads";
import type { FuzzContext, Target } from "./targets";

/** One student of the set-up's intake: their application and their private link's token. */
type Student = { id: string; token: string };

/** What the certificate targets start from. */
export type CertificatesContext = {
  intakeId: string;
  /** Holds the certificate `reissueSerial`: its file and its page. */
  holder: Student;
  reissueSerial: string;
  /** Another student's certificate, revoked by the first valid revoke. */
  revokeSerial: string;
  /** Enrolled, their name not yet confirmed: 'Confirm my name' saves it, then issue issues. */
  unconfirmed: Student;
};

const text = (name: string, value: string): Field => ({ name, value });
const stranger = "5b1e4c3a-0000-4000-8000-00000000abcd";
const unknownToken = "A".repeat(43);
const SERIAL = /LTA-C-[0-9A-HJKMNP-TV-Z]{10}/;

function certificatesOf({ certificates }: FuzzContext) {
  if (!certificates) throw new Error("The certificate targets run with the certificates' context");
  return certificates;
}

/** A serial as people mistype it: lower case, spaced, O for 0 and l for 1, cut, lengthened. */
const serialLike = (serials: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...serials) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...serials),
          fc.constantFrom<(serial: string) => string>(
            (serial) => serial.toLowerCase(),
            (serial) => serial.replace("LTA-C-", "lta-c- "),
            (serial) => serial.slice("LTA-C-".length),
            (serial) => serial.replace(/0/g, "O").replace(/1/g, "l"),
            (serial) => serial.slice(0, -1),
            (serial) => `${serial}X`,
            (serial) => ` ${serial}\t`,
          ),
        )
        .map(([serial, change]) => change(serial)),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^LTA-C-[0-9A-Z]{10}$/) },
    { weight: 2, arbitrary: fuzzText },
  );

/** A path segment: a serial-ish text escaped as a URL carries it, or a raw awkward one. */
const segmentOf = (serials: string[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: serialLike(serials).map((typed) =>
        encodeURIComponent(Buffer.from(typed.slice(0, 300)).toString()),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%00", "%2F", "..", ".", "%C0%AF", "") },
  );

const staffForm = (name: string, valid: (context: CertificatesContext) => fc.Arbitrary<Field[]>) =>
  ({
    name: `certificates ${name}`,
    method: "POST",
    path: (context) => `/admin-portal/intakes/${certificatesOf(context).intakeId}/certificates`,
    signedIn: true,
    fields: (context) => valid(certificatesOf(context)),
  }) satisfies Target;

export const certificateTargets: Target[] = [
  {
    name: "verify form",
    method: "GET",
    path: () => "/verify",
    statuses: [200, 302, 400],
    signedIn: false,
    fields: (context) => {
      const { reissueSerial, revokeSerial } = certificatesOf(context);
      return serialLike([reissueSerial, revokeSerial, "LTA-C-0000000000"]).chain((serial) =>
        fuzzFields([text("serial", serial)]),
      );
    },
  },
  {
    // Each case comes from an address of its own (payloads.ts): the limit (60 per 10 minutes
    // per address) answers 429 only to a case that shares one.
    name: "verify page",
    method: "GET",
    path: () => "/verify",
    paths: (context) => {
      const { reissueSerial, revokeSerial } = certificatesOf(context);
      return segmentOf([reissueSerial, revokeSerial]).map((serial) => `/verify/${serial}`);
    },
    statuses: [200, 302, 404, 429],
    signedIn: false,
    fields: () => fc.constant([]),
  },
  {
    name: "certificate file",
    method: "GET",
    path: () => "/application",
    paths: (context) => {
      const { holder, unconfirmed, reissueSerial, revokeSerial } = certificatesOf(context);
      return fc
        .record({
          token: fc.oneof(
            { weight: 4, arbitrary: fc.constant(holder.token) },
            { weight: 1, arbitrary: fc.constantFrom(unconfirmed.token, unknownToken) },
            { weight: 1, arbitrary: segmentOf([holder.token]) },
          ),
          file: fc.oneof(
            { weight: 2, arbitrary: fc.constant(reissueSerial) },
            { weight: 3, arbitrary: segmentOf([reissueSerial, revokeSerial]) },
          ),
          suffix: fc.oneof(
            { weight: 4, arbitrary: fc.constant(".pdf") },
            { weight: 1, arbitrary: fc.constantFrom(".PDF", "", ".pdf.pdf", ".pdf%00") },
          ),
        })
        .map(({ token, file, suffix }) => `/application/${token}/certificate/${file}${suffix}`);
    },
    statuses: [200, 302, 404],
    signedIn: false,
    fields: () => fc.constant([]),
  },
  {
    name: "certificate name",
    method: "POST",
    path: (context) => `/application/${certificatesOf(context).unconfirmed.token}/certificate`,
    signedIn: false,
    fields: () =>
      fc
        .constantFrom("Ọlálékan Àdìgún", "Ngozi Chukwuemeka-Obi", "Zainab Abdullahi")
        .chain((name) => fuzzFields([text("certificateName", name)])),
  },
  staffForm("project", ({ holder, unconfirmed }) =>
    fc
      .tuple(
        fc.constantFrom(unconfirmed.id, holder.id, stranger, "x"),
        fc.constantFrom("passed", "failed", "unmarked"),
      )
      .chain(([id, result]) =>
        fuzzFields([text("intent", "project"), text("id", id), text("result", result)]),
      ),
  ),
  // After 'certificate name': once a valid name is saved, the unconfirmed student is issued one.
  staffForm("issue", ({ holder, unconfirmed }) =>
    fc
      .constantFrom("", unconfirmed.id, holder.id, stranger)
      .chain((id) => fuzzFields([text("intent", "issue"), text("id", id)])),
  ),
  staffForm("revoke", ({ revokeSerial }) =>
    fuzzFields([
      text("intent", "revoke"),
      text("id", revokeSerial),
      text("reason", "Issued before the final project was marked."),
    ]),
  ),
  // The first valid case replaces the certificate; later ones find it no longer in force (404).
  staffForm("reissue", ({ reissueSerial }) =>
    fuzzFields([
      text("intent", "reissue"),
      text("id", reissueSerial),
      text("name", "Chiamaka Nwankwo-Ụzọ"),
    ]),
  ),
  {
    name: "settings signatory",
    method: "POST",
    path: () => "/admin-portal/settings",
    signedIn: true,
    fields: () =>
      fuzzFields([
        text("intent", "signatory"),
        text("signatoryName", "Adaeze Okafor"),
        text("signatoryTitle", "Director of Studies"),
      ]),
  },
];

// --- Set-up -------------------------------------------------------------------------------------

type Answer = { status: number; body: string };

/** A page read or a form posted as a browser sends it (a success redirects: 302). */
async function call(
  server: AppServer,
  url: string,
  {
    cookie = "",
    form,
    address = "10.0.0.4",
  }: { cookie?: string; form?: string[][]; address?: string },
): Promise<Answer> {
  const response = await fetch(`${server.origin}${url}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      "x-forwarded-for": address,
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: response.status, body: await response.text() };
}

async function expectStatus(what: string, answer: Promise<Answer>, status: number) {
  const { status: got, body } = await answer;
  if (got !== status)
    throw new Error(`${what} answered ${got}, not ${status}: the set-up is wrong`);
  return body;
}

/** The private link's token in the application e-mail to `email` (the job queue sends it). */
async function tokenMailedTo(server: AppServer, email: string) {
  const outbox = path.join(server.dataDir, "outbox");
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const files = await readdir(outbox).catch(() => []);
    for (const file of files) {
      const mail = (await readFile(path.join(outbox, file), "utf8")).replace(/=\r?\n/g, "");
      if (!mail.includes(email)) continue;
      const token = mail.match(/\/application\/([A-Za-z0-9_-]{43})/)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${email} with a private link in ${outbox}`);
}

/** The intake form's fields: eight weeks from `startsOn`, first come, no certificate condition. */
function intakeForm(label: string, startsOn: string, status: string) {
  return [
    ["label", label],
    ["startsOn", startsOn],
    ["endsOn", addDays(startsOn, 55)],
    ["mode", "online"],
    ["seats", "10"],
    ["enrolmentClosesAt", `${addDays(startsOn, -1)}T12:00`],
    ["price", "250000"],
    ["status", status],
    ["admissionMode", "first-come"],
    ["certificateMinAttendance", ""],
  ];
}

/**
 * The certificate targets' intake and students, made as staff and applicants would: an open
 * intake of the course; three applicants, each enrolled by staff; the intake's dates moved
 * eight weeks into the past (no form takes applications to an intake that has ended) and a
 * session added there; two students confirm their names on their page and staff issue their
 * certificates.
 */
export async function certificatesContextOf(
  server: AppServer,
  cookie: string,
  { courseId }: Pick<FuzzContext, "courseId">,
): Promise<CertificatesContext> {
  const run = Date.now().toString(36);
  const label = `Fuzz certificates ${run}`;
  const intakesPath = `/admin-portal/courses/${courseId}/intakes`;
  await expectStatus(
    `Creating the intake ${label}`,
    call(server, intakesPath, {
      cookie,
      form: [["intent", "create"], ...intakeForm(label, addDays(lagosToday(), 30), "open")],
    }),
    302,
  );
  const intakes = await expectStatus(
    "The intakes page",
    call(server, intakesPath, { cookie }),
    200,
  );
  const at = intakes.indexOf(`>${label}<`);
  const intakeId = intakes
    .slice(intakes.lastIndexOf("<li", at), at)
    .match(/data-intake-id="([0-9a-f-]{36})"/)?.[1];
  if (!intakeId) throw new Error(`The intakes page does not list ${label}`);

  const names = ["Tunde Bakare", "Amaka Obi", "Hauwa Sani"];
  const students: (Student & { name: string })[] = [];
  for (const [index, name] of names.entries()) {
    const email = `certificate.${run}.${index}@example.ng`;
    await expectStatus(
      `The application of ${name}`,
      call(server, `/apply/${intakeId}`, {
        address: `10.0.45.${index + 1}`,
        form: [
          ["fullName", name],
          ["email", email],
          ["phone", "0803 555 0106"],
          ["experienceLevel", "Some self-study"],
          ["goals", "Get a first job in data."],
          ["heardFrom", "Instagram"],
          ["consent", "on"],
          ["website", ""],
        ],
      }),
      200,
    );
    const list = await expectStatus(
      "The Students page",
      call(server, `/admin-portal/students?q=${encodeURIComponent(email)}`, { cookie }),
      200,
    );
    const id = list.match(/data-application-id="([0-9a-f-]{36})"/)?.[1];
    if (!id) throw new Error(`The Students page does not list ${email}`);
    const enrol = [
      ["intent", "enrol"],
      ["id", id],
    ];
    await expectStatus(
      `Enrolling ${email}`,
      call(server, "/admin-portal/students", { cookie, form: enrol }),
      302,
    );
    students.push({ id, name, token: await tokenMailedTo(server, email) });
  }

  const startsOn = addDays(lagosToday(), -60);
  await expectStatus(
    "Moving the intake into the past",
    call(server, intakesPath, {
      cookie,
      form: [["intent", "update"], ["id", intakeId], ...intakeForm(label, startsOn, "closed")],
    }),
    302,
  );
  const session = [
    ["intent", "add"],
    ["title", "Fuzz certificate session"],
    ["date", startsOn],
    ["startTime", "18:00"],
    ["endTime", "21:00"],
  ];
  await expectStatus(
    "Adding a session",
    call(server, `/admin-portal/intakes/${intakeId}/timetable`, { cookie, form: session }),
    302,
  );
  const [holder, revoked, unconfirmed] = students;
  if (!holder || !revoked || !unconfirmed) throw new Error("Three students were not enrolled");
  for (const student of [holder, revoked])
    await expectStatus(
      `${student.name} confirming their name`,
      call(server, `/application/${student.token}/certificate`, {
        form: [["certificateName", student.name]],
      }),
      302,
    );
  const certificatesPath = `/admin-portal/intakes/${intakeId}/certificates`;
  await expectStatus(
    "Issuing the certificates",
    call(server, certificatesPath, {
      cookie,
      form: [
        ["intent", "issue"],
        ["id", ""],
      ],
    }),
    302,
  );
  const page = await expectStatus(
    "The certificates page",
    call(server, certificatesPath, { cookie }),
    200,
  );
  const serialOf = (name: string) => {
    const row = page.slice(page.indexOf(`data-student="${name}"`));
    const serial = row.slice(0, row.indexOf("</li>")).match(SERIAL)?.[0];
    if (!serial) throw new Error(`The certificates page shows no certificate of ${name}`);
    return serial;
  };
  return {
    intakeId,
    holder,
    reissueSerial: serialOf(holder.name),
    revokeSerial: serialOf(revoked.name),
    unconfirmed,
  };
}
