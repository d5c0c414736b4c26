import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, type Course, courseChanges, courses, rateLimits } from "~/db/schema";
import { createCourse } from "~/features/courses/admin/course-admin.server";
import * as coursesRoute from "~/routes/admin/courses";
import {
  cookieAfterDeactivation,
  getRequest,
  loginLocation,
  makeAdmin,
  type Outcome,
  outcomeOf,
  postRequest,
  sessionCount,
  setCookiesOf,
  signInCookie,
} from "../support/admin-session";
import {
  courseFields,
  courseValues,
  multipartRequest,
  pdfDocument,
  pngImage,
  setupTestStorage,
} from "../support/course-fixtures";
import { type RouteFunction, routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

type Role = "anonymous" | "inactive" | "admin" | "super_admin";
const roles: Role[] = ["anonymous", "inactive", "admin", "super_admin"];

const database = setupTestDatabase();
const files = setupTestStorage();
let png: Buffer;
let people: { admin: Admin; superAdmin: Admin; inactive: Admin };
/** The course every case starts from: active, with an image and a brochure. */
let target: Course;

beforeAll(async () => {
  png = await pngImage(1200, 800);
  people = {
    admin: await makeAdmin({ role: "admin", name: "Ade Admin" }),
    superAdmin: await makeAdmin({ role: "super_admin", name: "Sade Super" }),
    inactive: await makeAdmin({ role: "admin", name: "Ina Inactive" }),
  };
});

beforeEach(async () => {
  await database().db.delete(rateLimits);
  await database().db.delete(courses);
  await database().db.delete(courseChanges);
  target = await createCourse(
    people.superAdmin,
    courseValues({ title: "Target Course", slug: "target-course" }),
    {
      image: { buffer: png, type: "image/png" },
      brochure: { buffer: pdfDocument(), type: "application/pdf" },
    },
  );
  files.puts.length = 0;
  files.deletes.length = 0;
});

type Actor = { cookie?: string; admin?: Admin };

/** A signed-in actor; `inactive` signs in while active and is then switched off. */
async function actorFor(role: Role): Promise<Actor> {
  if (role === "anonymous") return {};
  if (role === "inactive") {
    return { cookie: await cookieAfterDeactivation(people.inactive), admin: people.inactive };
  }
  const admin = role === "admin" ? people.admin : people.superAdmin;
  return { cookie: await signInCookie(admin.email), admin };
}

/** Everything a course call could change: the rows, the history and the stored files. */
async function snapshot() {
  return {
    courses: await database().db.select().from(courses).orderBy(asc(courses.id)),
    changes: await database().db.select().from(courseChanges).orderBy(asc(courseChanges.id)),
    files: await files.keys(),
  };
}

type Case = {
  name: string;
  method: "GET" | "POST";
  /** The path with query, as the browser requests it. */
  path: () => string;
  request: (cookie?: string) => Request;
  run: RouteFunction;
  /** What an allowed actor (admin or super admin) gets, and what the call did. */
  allowed: (outcome: Outcome, actor: Admin) => Promise<void>;
};

const createFields = () =>
  courseFields({ intent: "create", title: "Matrix Course", slug: "matrix-course" });

const cases: Case[] = [
  {
    name: "loader",
    method: "GET",
    path: () => `/admin-portal/courses?inactive=1&modal=edit&id=${target.id}`,
    request(cookie) {
      return getRequest(this.path(), { cookie });
    },
    run: coursesRoute.loader,
    async allowed(outcome) {
      if (outcome.kind !== "value") throw new Error(`Expected loader data, got ${outcome.kind}`);
      expect(outcome.data).toMatchObject({
        modal: "edit",
        target: { id: target.id },
        stats: { total: 1, active: 1, inactive: 0, byCategory: { Programming: 1 } },
        changes: [{ action: "created", actorName: "Sade Super" }],
      });
      const data = outcome.data as { courses: Course[] };
      expect(data.courses.map((course) => course.id)).toEqual([target.id]);
    },
  },
  {
    name: "action: create",
    method: "POST",
    path: () => "/admin-portal/courses",
    request: (cookie) =>
      multipartRequest("/admin-portal/courses", createFields(), {
        cookie,
        files: [{ field: "imageFile", name: "cover.png", type: "image/png", bytes: png }],
      }),
    run: coursesRoute.action,
    async allowed(outcome, actor) {
      expect(outcome).toMatchObject({
        kind: "redirect",
        status: 302,
        location: "/admin-portal/courses",
      });
      expect(setCookiesOf(outcome).some((value) => value.startsWith("academy-flash="))).toBe(true);
      const [created] = await database()
        .db.select()
        .from(courses)
        .where(eq(courses.slug, "matrix-course"));
      expect(created).toMatchObject({ title: "Matrix Course", createdBy: actor.userId });
      expect(created?.image).toMatch(/^\/files\/course-assets\/images\/course-image-\d+\.png$/);
      expect(files.puts).toHaveLength(5);
    },
  },
  {
    name: "action: update",
    method: "POST",
    path: () => "/admin-portal/courses",
    request: (cookie) =>
      multipartRequest(
        "/admin-portal/courses",
        courseFields({
          intent: "update",
          id: target.id,
          title: "Renamed by matrix",
          slug: "target-course",
        }),
        { cookie },
      ),
    run: coursesRoute.action,
    async allowed(outcome, actor) {
      expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
      const [row] = await database().db.select().from(courses).where(eq(courses.id, target.id));
      expect(row).toMatchObject({ title: "Renamed by matrix", createdBy: target.createdBy });
      const [change] = await database()
        .db.select()
        .from(courseChanges)
        .where(eq(courseChanges.action, "updated"));
      expect(change).toMatchObject({ actorId: actor.id, actorName: actor.name });
    },
  },
  {
    name: "action: toggle",
    method: "POST",
    path: () => "/admin-portal/courses",
    request: (cookie) =>
      postRequest(
        "/admin-portal/courses",
        { intent: "toggle", id: target.id, isActive: "true" },
        { cookie },
      ),
    run: coursesRoute.action,
    async allowed(outcome, actor) {
      expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
      const [row] = await database().db.select().from(courses).where(eq(courses.id, target.id));
      expect(row?.isActive).toBe(false);
      const [change] = await database()
        .db.select()
        .from(courseChanges)
        .where(eq(courseChanges.action, "deactivated"));
      expect(change).toMatchObject({ actorId: actor.id, actorName: actor.name });
    },
  },
  {
    name: "action: delete",
    method: "POST",
    path: () => "/admin-portal/courses",
    request: (cookie) =>
      postRequest("/admin-portal/courses", { intent: "delete", id: target.id }, { cookie }),
    run: coursesRoute.action,
    async allowed(outcome, actor) {
      expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
      expect(await database().db.select().from(courses)).toEqual([]);
      expect(await files.keys()).toEqual([]);
      const [change] = await database()
        .db.select()
        .from(courseChanges)
        .where(eq(courseChanges.action, "deleted"));
      expect(change).toMatchObject({ courseId: target.id, actorId: actor.id });
    },
  },
];

describe("/admin-portal/courses authorization matrix", () => {
  for (const routeCase of cases) {
    for (const role of roles) {
      const verdict =
        role === "anonymous"
          ? "is sent to the login page"
          : role === "inactive"
            ? "is signed out and sent to the login page with reason=inactive"
            : "is allowed";
      it(`${routeCase.name} — ${role} ${verdict}`, async () => {
        const actor = await actorFor(role);
        const before = await snapshot();
        const outcome = await outcomeOf(() =>
          routeCase.run(routeArgs(routeCase.request(actor.cookie))),
        );
        if (role === "admin" || role === "super_admin") {
          await routeCase.allowed(outcome, actor.admin as Admin);
          return;
        }
        const location = loginLocation(
          routeCase.method,
          routeCase.path(),
          role === "inactive" ? "inactive" : undefined,
        );
        expect(outcome).toMatchObject({ kind: "redirect", status: 302, location });
        expect(await snapshot()).toEqual(before);
        expect(files.puts).toEqual([]);
        if (role === "inactive" && actor.admin) {
          expect(await sessionCount(actor.admin.userId)).toBe(0);
        }
      });
    }
  }
});

describe("writes from another site", () => {
  for (const routeCase of cases.filter((routeCase) => routeCase.method === "POST")) {
    it(`${routeCase.name} with a foreign Origin is refused for a signed-in admin`, async () => {
      const actor = await actorFor("admin");
      const before = await snapshot();
      const original = routeCase.request(actor.cookie);
      const headers = new Headers(original.headers);
      headers.set("origin", "https://evil.example");
      const request = new Request(original.url, {
        method: "POST",
        headers,
        body: await original.arrayBuffer(),
      });
      const outcome = await outcomeOf(() => routeCase.run(routeArgs(request)));
      expect(outcome).toMatchObject({ kind: "data", status: 403, data: { reason: "cross-site" } });
      expect(await snapshot()).toEqual(before);
      expect(files.puts).toEqual([]);
    });
  }
});
