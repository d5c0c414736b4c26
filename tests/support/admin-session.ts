import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Admin, admins, authAccount, authSession, authUser } from "~/db/schema";
import { createAdmin } from "~/features/admins/admins.server";
import { signIn } from "~/features/auth/sign-in.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import { hashPassword } from "~/lib/infra/password-hash.server";

/** The app's public URL in tests (PUBLIC_URL unset, PORT 3000). */
export const ORIGIN = "http://localhost:3000";
export const PASSWORD = "correct-horse-42";

let counter = 0;
/** A unique, lower-case e-mail address for one test. */
export function uniqueEmail(label = "admin") {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@academy.test`;
}

/** A unique client address, so that per-address rate limits never leak between tests. */
export function uniqueAddress() {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export type AdminSeed = {
  name?: string;
  email?: string;
  phone?: string;
  role?: Admin["role"];
  isActive?: boolean;
  password?: string;
};

/** An admin with a sign-in account, created as the operator's CLI does (no actor). */
export async function makeAdmin(seed: AdminSeed = {}): Promise<Admin> {
  return createAdmin(null, {
    name: seed.name ?? "Test Admin",
    email: seed.email ?? uniqueEmail(seed.role ?? "admin"),
    phone: seed.phone ?? "+234 801 234 5678",
    password: seed.password ?? PASSWORD,
    role: seed.role ?? "admin",
    is_active: seed.isActive ?? true,
  });
}

/** An admin (as makeAdmin makes one) and the Cookie header of a session signed in as them. */
export async function signedInAdmin(seed: AdminSeed = {}) {
  const admin = await makeAdmin(seed);
  return { admin, cookie: await signInCookie(admin.email, seed.password) };
}

/**
 * The Cookie header of a session that outlived its account: `admin` signs in while active and
 * is then switched off in the database.
 */
export async function cookieAfterDeactivation(admin: Admin) {
  await db().update(admins).set({ isActive: true }).where(eq(admins.id, admin.id));
  const cookie = await signInCookie(admin.email);
  await db().update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
  return cookie;
}

/**
 * Where the admin guard sends a request without an active admin's session: a GET comes back to
 * its page after signing in (the dashboard is where sign-in leads anyway), a POST does not.
 */
export function loginLocation(method: "GET" | "POST", pathWithSearch: string, reason?: "inactive") {
  const params = new URLSearchParams();
  if (method === "GET" && pathWithSearch !== "/admin-portal/dashboard") {
    params.set("redirectTo", pathWithSearch);
  }
  if (reason) params.set("reason", reason);
  const search = params.toString();
  return search ? `/admin-portal/login?${search}` : "/admin-portal/login";
}

/** The `name=value` parts of Set-Cookie headers, as a request's Cookie header. */
export function cookieHeader(setCookies: string[]) {
  return setCookies
    .map((cookie) => cookie.split(";")[0]?.trim() ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

type SignInOptions = { rememberMe?: boolean; address?: string };

/** Signs in through the app's sign-in service and returns the session's Set-Cookie headers. */
export async function signInSetCookies(
  email: string,
  password = PASSWORD,
  { rememberMe = true, address = uniqueAddress() }: SignInOptions = {},
) {
  const outcome = await signIn(loginRequest(address), { email, password, rememberMe });
  if (!outcome.ok) throw new Error(`Signing in as ${email} failed: ${outcome.message}`);
  return outcome.setCookies;
}

/** Signs in through the app's sign-in service and returns the Cookie header to send. */
export async function signInCookie(email: string, password = PASSWORD, options?: SignInOptions) {
  return cookieHeader(await signInSetCookies(email, password, options));
}

export function loginRequest(address: string | null = uniqueAddress(), cookie = "") {
  return new Request(`${ORIGIN}/admin-portal/login`, {
    method: "POST",
    headers: {
      ...(address ? { [CLIENT_ADDRESS_HEADER]: address } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

type RequestOptions = { cookie?: string; headers?: Record<string, string> };

export function getRequest(path: string, { cookie, headers = {} }: RequestOptions = {}) {
  return new Request(`${ORIGIN}${path}`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** A form post as the browser sends it; fields as entries where a name repeats. */
export function postRequest(
  path: string,
  fields: Record<string, string> | [string, string][] = {},
  { cookie, headers = {} }: RequestOptions = {},
) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      [CLIENT_ADDRESS_HEADER]: uniqueAddress(),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
}

/** What a loader or action produced, whether it returned or threw it. */
export type Outcome =
  | { kind: "redirect"; status: number; location: string; response: Response }
  | { kind: "response"; status: number; response: Response }
  | { kind: "data"; status: number; data: unknown; headers: Headers }
  | { kind: "value"; status: 200; data: unknown };

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

function classify(value: unknown): Outcome {
  if (value instanceof Response) {
    const location = value.headers.get("location");
    if (location && value.status >= 300 && value.status < 400) {
      return { kind: "redirect", status: value.status, location, response: value };
    }
    return { kind: "response", status: value.status, response: value };
  }
  if (isDataWithInit(value)) {
    return {
      kind: "data",
      status: value.init?.status ?? 200,
      data: value.data,
      headers: new Headers(value.init?.headers),
    };
  }
  return { kind: "value", status: 200, data: value };
}

/** Runs a loader or action; anything thrown that is not a Response or `data()` is rethrown. */
export async function outcomeOf(run: () => unknown): Promise<Outcome> {
  try {
    return classify(await run());
  } catch (error) {
    const outcome = classify(error);
    if (outcome.kind === "value") throw error;
    return outcome;
  }
}

/** Set-Cookie headers of an outcome (a Response or data() with headers). */
export function setCookiesOf(outcome: Outcome): string[] {
  if (outcome.kind === "redirect" || outcome.kind === "response")
    return outcome.response.headers.getSetCookie();
  if (outcome.kind === "data") return outcome.headers.getSetCookie();
  return [];
}

export async function sessionCount(userId: string) {
  const rows = await db()
    .select({ id: authSession.id })
    .from(authSession)
    .where(eq(authSession.userId, userId));
  return rows.length;
}

export async function findAdmin(id: string) {
  const [row] = await db().select().from(admins).where(eq(admins.id, id));
  return row;
}

/** An auth account (with a credential) that has no admins row, written with Drizzle. */
export async function userWithoutAdminRow(email = uniqueEmail("orphan"), password = PASSWORD) {
  const [user] = await db()
    .insert(authUser)
    .values({ name: "No Admin Row", email, emailVerified: false })
    .returning();
  if (!user) throw new Error("The auth user was not created");
  await db()
    .insert(authAccount)
    .values({
      accountId: user.id,
      providerId: "credential",
      userId: user.id,
      password: await hashPassword(password),
    });
  return user;
}
