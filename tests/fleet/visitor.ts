import type { AppServer } from "../support/app-server";

type Upload = { bytes: Uint8Array; name: string; type: string };
type Pulse = { unread: number; latestId: string | null };

/** One visitor (an address, and a session cookie when signed in) talking to one app process. */
export function visitor(server: AppServer, address: string, cookie = "") {
  const headers = (extra: Record<string, string> = {}) => ({
    "x-forwarded-for": address,
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  const url = (path: string) => new URL(path, server.origin).toString();

  return {
    async get(path: string) {
      const response = await fetch(url(path), { headers: headers(), redirect: "manual" });
      await response.arrayBuffer();
      return { status: response.status };
    },
    async getBytes(path: string) {
      const response = await fetch(url(path), { headers: headers(), redirect: "manual" });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    },
    async postForm(path: string, fields: Record<string, string>) {
      const response = await fetch(url(path), {
        method: "POST",
        redirect: "manual",
        headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
        body: new URLSearchParams(fields),
      });
      return { status: response.status, body: await response.text(), response };
    },
    async postMultipart(
      path: string,
      fields: Record<string, string>,
      files: Record<string, Upload>,
    ) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const [name, file] of Object.entries(files)) {
        form.append(name, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
      }
      const response = await fetch(url(path), {
        method: "POST",
        redirect: "manual",
        headers: headers(),
        body: form,
      });
      return { status: response.status, body: await response.text() };
    },
    /** Signs in and returns the session cookie. */
    async signIn(account: { email: string; password: string }) {
      const { status, response } = await this.postForm("/admin-portal/login", account);
      const session = response.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; ");
      if (status !== 302 || !session) throw new Error(`Signing in failed with ${status}`);
      return session;
    },
    /** The portal's live stream; each call waits for the next `pulse` event. */
    async events() {
      const controller = new AbortController();
      const response = await fetch(url("/admin-portal/events"), {
        headers: headers({ accept: "text/event-stream" }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`Events answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      return {
        async nextPulse(timeoutMs: number): Promise<Pulse | null> {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const match = buffer.match(/event: pulse\ndata: (.*)\n\n/);
            if (match?.index !== undefined) {
              buffer = buffer.slice(match.index + match[0].length);
              return JSON.parse(match[1] ?? "null") as Pulse;
            }
            const left = deadline - Date.now();
            if (left <= 0) return null;
            const chunk = await Promise.race([
              reader.read(),
              new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
            ]);
            if (!chunk || chunk.done) return null;
            buffer += chunk.value;
          }
        },
        close: () => controller.abort(),
      };
    },
  };
}

export type Visit = ReturnType<typeof visitor>;
