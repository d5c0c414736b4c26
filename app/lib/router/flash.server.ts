import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { appSecret } from "../infra/app-secret.server";
import { servesHttps } from "../infra/env.server";

const flashSchema = z.object({
  kind: z.enum(["success", "error"]),
  message: z.string().max(500),
});

export type Flash = z.infer<typeof flashSchema>;

// A one-time message carried across a redirect (e.g. the welcome toast after signing in),
// signed so that no other site or script can put words in the app's mouth.
const flashCookie = () =>
  createCookie("academy-flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: servesHttps(),
    path: "/",
    maxAge: 60,
    secrets: [appSecret()],
  });

export async function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** Reads the flash message and the header that clears it; a forged or malformed one is ignored. */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie();
  const parsed = flashSchema.safeParse(await cookie.parse(request.headers.get("cookie")));
  if (!parsed.success) return { flash: null, clear: null };
  return { flash: parsed.data, clear: await cookie.serialize("", { maxAge: 0 }) };
}

/** A redirect that shows `message` as a toast on the page it leads to. */
export async function redirectWithFlash(
  url: string,
  message: string,
  kind: Flash["kind"] = "success",
) {
  return redirect(url, { headers: { "Set-Cookie": await setFlash({ kind, message }) } });
}
