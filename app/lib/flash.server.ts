import { createCookie, redirect } from "react-router";

export type Flash = { kind: "success" | "error"; message: string };

// A one-time message carried across a redirect (e.g. the welcome toast after signing in).
const flashCookie = createCookie("academy-flash", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

export async function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** Reads the flash message and the header that clears it. */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie.parse(request.headers.get("cookie"))) as Flash | null;
  if (!value) return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}

/** A redirect that shows `message` as a toast on the page it leads to. */
export async function redirectWithFlash(
  url: string,
  message: string,
  kind: Flash["kind"] = "success",
) {
  return redirect(url, { headers: { "Set-Cookie": await setFlash({ kind, message }) } });
}
