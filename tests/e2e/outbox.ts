import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "../../playwright.config";

/** The public server's outbox: with no SMTP_URL, its job queue writes each e-mail here. */
export const outbox = path.resolve(dataDir ?? "", "outbox");

/** The headers (folded lines joined) and body (soft line breaks undone) of each e-mail. */
export async function outboxMails() {
  let files: string[];
  try {
    files = (await readdir(outbox)).filter((file) => file.endsWith(".eml"));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outbox, file), "utf8");
      const split = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
      const header = (name: string) =>
        headers.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
      return {
        to: header("To"),
        subject: header("Subject"),
        body: raw.slice(split).replace(/=\r?\n/g, ""),
      };
    }),
  );
}
