// What must never be kept or handed to someone else: a staff member's portal pages, answers that
// set a cookie, and route data.

import type { Row } from "../fleet/report";
import { type Answer, cacheStatusOf, cookieHeaderOf, edgeVisitor, setCookiesOf } from "./http";
import { PRIVATE_CACHE_CONTROL, type Site } from "./site";

const DASHBOARD = "/admin-portal/dashboard";
const LOGIN = "/admin-portal/login";
const FLASH_COOKIE = "academy-flash";
/** The toast a sign-in leaves for the next page (app/features/portal/welcome.server.ts). */
const WELCOME = "Welcome back!";

const summary = (answer: Answer) =>
  `${answer.status}${answer.headers.location ? ` → ${answer.headers.location}` : ""} ${cacheStatusOf(answer) || "(not cached)"}`;

const saysPrivate = (answer: Answer) => answer.headers["cache-control"] === PRIVATE_CACHE_CONTROL;

/** Signs in through the edge; the login's answer, and the cookies it set as a Cookie header. */
async function signIn(site: Site) {
  const answer = await edgeVisitor(site.edge.origin).postForm(LOGIN, {
    email: site.admin.email,
    password: site.admin.password,
    redirectTo: "",
  });
  if (answer.status !== 302) throw new Error(`Signing in through nginx answered ${answer.status}`);
  return { answer, setCookies: setCookiesOf(answer) };
}

/** A staff member's dashboard and its route data, then the same URLs without the cookie. */
export async function portalNeverShared(site: Site): Promise<Row[]> {
  const { setCookies } = await signIn(site);
  const staff = edgeVisitor(
    site.edge.origin,
    cookieHeaderOf(setCookies, (name) => name !== FLASH_COOKIE),
  );
  const stranger = edgeVisitor(site.edge.origin);
  const urls = [DASHBOARD, `${DASHBOARD}.data`];
  const signedIn: Answer[] = [];
  const anonymous: Answer[] = [];
  for (const url of urls) {
    signedIn.push(await staff.get(url), await staff.get(url));
    anonymous.push(await stranger.get(url), await stranger.get(url));
  }
  const all = [...signedIn, ...anonymous];
  const staffPage = (answer: Answer) => answer.text.includes(site.admin.name);
  return [
    {
      check: `a signed-in staff member's ${DASHBOARD} (and .data) through nginx: "${PRIVATE_CACHE_CONTROL}", never HIT, and never the staff page without the cookie`,
      result: `signed in: ${signedIn.map(summary).join(", ")}; without cookie: ${anonymous.map(summary).join(", ")}; ${all.filter(saysPrivate).length} of ${all.length} say private, no-store`,
      pass:
        signedIn.every((answer) => answer.status === 200 && staffPage(answer)) &&
        anonymous.every((answer) => answer.status !== 200 && !staffPage(answer)) &&
        all.every((answer) => cacheStatusOf(answer) !== "HIT" && saysPrivate(answer)),
    },
  ];
}

/**
 * Answers with Set-Cookie are not kept: the sign-in's answer, and a public page that clears a
 * one-time notice. A visitor without cookies afterwards gets neither the cookie nor the notice.
 */
export async function setCookieNeverKept(site: Site): Promise<Row[]> {
  const { answer: login, setCookies } = await signIn(site);
  const flash = cookieHeaderOf(setCookies, (name) => name === FLASH_COOKIE);
  const noticed = await edgeVisitor(site.edge.origin, flash).get("/");
  const stranger = edgeVisitor(site.edge.origin);
  const afterNotice = [await stranger.get("/"), await stranger.get("/")];
  const afterLogin = [await stranger.get(LOGIN), await stranger.get(LOGIN)];
  const after = [...afterNotice, ...afterLogin];
  const clean = (answer: Answer) =>
    answer.status === 200 && setCookiesOf(answer).length === 0 && !answer.text.includes(WELCOME);
  const setting = [login, noticed];
  return [
    {
      check: `answers with Set-Cookie say "${PRIVATE_CACHE_CONTROL}" and are not kept: the sign-in, and / with a one-time notice; a visitor without cookies after them gets neither cookie nor notice`,
      result: `sign-in ${summary(login)} with ${setCookiesOf(login).length} cookies; / with the notice ${summary(noticed)}, ${setCookiesOf(noticed).length} Set-Cookie, notice ${noticed.text.includes(WELCOME) ? "shown" : "missing"}; ${setting.filter(saysPrivate).length} of 2 say private, no-store; then without cookies / ${afterNotice.map(summary).join(", ")} and ${LOGIN} ${afterLogin.map(summary).join(", ")}, ${after.filter(clean).length} of ${after.length} without cookie or notice`,
      pass:
        noticed.text.includes(WELCOME) &&
        setCookiesOf(noticed).length > 0 &&
        setting.every((answer) => saysPrivate(answer) && cacheStatusOf(answer) !== "HIT") &&
        after.every(clean),
    },
  ];
}

/** Route data (the `.data` of a client-side navigation) is private and never kept. */
export async function routeDataNeverKept(site: Site): Promise<Row[]> {
  const visitor = edgeVisitor(site.edge.origin);
  const answers = [await visitor.get("/courses.data"), await visitor.get("/courses.data")];
  return [
    {
      check: `route data (/courses.data) says "${PRIVATE_CACHE_CONTROL}" and is never HIT`,
      result: answers
        .map((answer) => `${summary(answer)} "${answer.headers["cache-control"] ?? ""}"`)
        .join(", "),
      pass: answers.every(
        (answer) => answer.status === 200 && saysPrivate(answer) && cacheStatusOf(answer) !== "HIT",
      ),
    },
  ];
}
