import { redirect } from "react-router";
import { assertSameOrigin, LOGIN_PATH } from "~/features/auth/session.server";
import { signOut } from "~/features/auth/sign-in.server";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const headers = new Headers();
  for (const cookie of await signOut(request)) headers.append("Set-Cookie", cookie);
  return redirect(LOGIN_PATH, { headers });
}

export const loader = () => redirect(LOGIN_PATH);
