import { beforeAll, describe, expect, it } from "vitest";
import { formProblems } from "~/lib/forms/request-form.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import * as adminsRoute from "~/routes/admin/admins";
import * as coursesRoute from "~/routes/admin/courses";
import * as forgotPasswordRoute from "~/routes/admin/forgot-password";
import * as loginRoute from "~/routes/admin/login";
import * as messagesRoute from "~/routes/admin/messages";
import * as resetPasswordRoute from "~/routes/admin/reset-password";
import * as savedRepliesRoute from "~/routes/admin/saved-replies";
import * as settingsRoute from "~/routes/admin/settings";
import * as signInLinkRoute from "~/routes/admin/sign-in-link";
import * as themeRoute from "~/routes/admin/theme";
import * as contactRoute from "~/routes/site/contact";
import * as courseRoute from "~/routes/site/course";
import * as homeRoute from "~/routes/site/home";
import { ORIGIN, outcomeOf, signedInAdmin, uniqueAddress } from "../support/admin-session";
import { type RouteFunction, routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

/**
 * Bodies that are not forms, or broken forms, sent to every action that reads a form: each is
 * answered with a 4xx (415 for another type, 400 for a broken form), never an error (a 500).
 */

setupTestDatabase();

const actions: Array<{ path: string; action: RouteFunction; staff?: boolean }> = [
  { path: "/contact", action: contactRoute.action },
  { path: "/?index", action: homeRoute.action },
  { path: "/course/web-development", action: courseRoute.action },
  { path: "/admin-portal/login", action: loginRoute.action },
  { path: "/admin-portal/forgot-password", action: forgotPasswordRoute.action },
  { path: "/admin-portal/reset-password?token=x", action: resetPasswordRoute.action },
  { path: "/admin-portal/sign-in-link", action: signInLinkRoute.action },
  { path: "/admin-portal/sign-in-link?token=x", action: signInLinkRoute.action },
  { path: "/admin-portal/messages", action: messagesRoute.action, staff: true },
  { path: "/admin-portal/admins", action: adminsRoute.action, staff: true },
  { path: "/admin-portal/theme", action: themeRoute.action, staff: true },
  { path: "/admin-portal/courses", action: coursesRoute.action, staff: true },
  { path: "/admin-portal/saved-replies", action: savedRepliesRoute.action, staff: true },
  { path: "/admin-portal/settings", action: settingsRoute.action, staff: true },
];

const boundary = "----fuzzboundary";
type Body = {
  name: string;
  type: string | null;
  body: string;
  status: number;
  /** The refusal's text, where it says more than the status. */
  answers?: string[];
};
const bodies: Body[] = [
  { name: "JSON", type: "application/json", body: '{"name":"Bola"}', status: 415 },
  { name: "plain text", type: "text/plain", body: "name=Bola", status: 415 },
  { name: "XML", type: "application/xml", body: "<name>Bola</name>", status: 415 },
  { name: "no Content-Type", type: null, body: "name=Bola", status: 415 },
  { name: "multipart without a boundary", type: "multipart/form-data", body: "x", status: 400 },
  {
    name: "truncated multipart",
    type: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBola`,
    status: 400,
  },
  {
    name: "multipart cut off inside a file part",
    type: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="imageFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
    status: 400,
  },
  // Field names a form parser would turn into huge or deep structures (a 24-byte body once
  // took a process to 4 GB): refused before any parser sees them.
  ...nameAttacks("urlencoded", "application/x-www-form-urlencoded"),
  ...nameAttacks("multipart", `multipart/form-data; boundary=${boundary}`),
];

function nameAttacks(encoding: string, type: string) {
  const names = [
    { what: "a huge index", name: "x[1000000]" },
    { what: "10,000 dotted segments", name: `a${".b".repeat(10_000)}` },
    { what: "10,000 nested indexes", name: `a${"[0]".repeat(10_000)}` },
  ];
  return names.map(({ what, name }) => ({
    name: `a ${encoding} field name with ${what}`,
    type,
    body: formBody(encoding, { name: "Bola Ade", [name]: "1" }),
    status: 400,
    // A multipart part header over 16 KB is a broken form to the course form's parser.
    answers:
      encoding === "multipart"
        ? [formProblems.fieldName, formProblems.malformed]
        : [formProblems.fieldName],
  }));
}

function formBody(encoding: string, fields: Record<string, string>) {
  if (encoding === "urlencoded") return new URLSearchParams(fields).toString();
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

let staffCookie = "";

beforeAll(async () => {
  ({ cookie: staffCookie } = await signedInAdmin({ role: "super_admin" }));
});

function request(path: string, type: string | null, body: string, staff = false) {
  const headers = new Headers({ origin: ORIGIN, [CLIENT_ADDRESS_HEADER]: uniqueAddress() });
  if (staff) headers.set("cookie", staffCookie);
  if (type) headers.set("content-type", type);
  // Bytes rather than a string, so that fetch adds no Content-Type of its own.
  const bytes = new TextEncoder().encode(body);
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: bytes, headers });
}

describe.each(actions)("the action at $path", ({ path, action, staff }) => {
  it.each(bodies)("answers $name with $status", async ({ type, body, status, answers }) => {
    const outcome = await outcomeOf(() => action(routeArgs(request(path, type, body, staff))));
    expect(outcome.status).toBe(status);
    if (answers) expect(answers).toContain(outcome.kind === "data" && outcome.data);
  });

  it("answers a file whose name holds NUL and backslashes with a 4xx or the form's answer", async () => {
    const form = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="imageFile"; filename="a\u0000b\\..\\c.png"',
      "Content-Type: image/png",
      "",
      "not an image",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const outcome = await outcomeOf(() =>
      action(routeArgs(request(path, `multipart/form-data; boundary=${boundary}`, form, staff))),
    );
    expect(outcome.status).toBeLessThan(500);
  });

  it("refuses more fields than the form accepts with 413", async () => {
    const fields = new URLSearchParams();
    for (let index = 0; index < 250; index++) fields.append(`f${index}`, "x");
    const outcome = await outcomeOf(() =>
      action(
        routeArgs(request(path, "application/x-www-form-urlencoded", fields.toString(), staff)),
      ),
    );
    expect(outcome.status).toBe(413);
    if (outcome.kind === "data") expect(outcome.data).toBe(formProblems.tooManyFields);
  });
});
