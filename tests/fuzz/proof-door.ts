import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { AppServer } from "../support/app-server";
import { pdfBomb } from "../support/pdf-bomb";

/*
 * The PDF bomb through the applicant's door (issue 40): a 200 MB object stream in a 204 KB
 * PDF, sent as the proof of transfer of a real application that expects one. The answer must be
 * 'My application' again with the reason, within seconds, from a process that is still there.
 * The mail phase sends the same bomb through the other door, as an attachment.
 */

export type ProofDoorResult = { seconds: number; status: number; failure?: string };

const visitor = { "x-forwarded-for": "203.0.113.240" };

/**
 * Applies for a first-come place of the last course (its first intake that offers one), from a
 * new address for each intake tried, so that the address's e-mail is the offered application's:
 * that address.
 */
async function offeredApplication(server: AppServer) {
  const catalogue = await (await fetch(`${server.origin}/courses`)).text();
  const slugs = [...catalogue.matchAll(/href="\/course\/([a-z0-9-]+)"/g)].map((match) => match[1]);
  const slug = slugs.at(-1);
  if (!slug) throw new Error("The catalogue lists no course");
  const page = await (await fetch(`${server.origin}/course/${slug}`)).text();
  const intakes = [...new Set([...page.matchAll(/\/apply\/([0-9a-f-]{36})/g)].map((m) => m[1]))];
  for (const [index, intakeId] of intakes.entries()) {
    const email = `proof-door-${Date.now()}-${index}@example.ng`;
    const answer = await fetch(`${server.origin}/apply/${intakeId}`, {
      method: "POST",
      headers: visitor,
      body: new URLSearchParams({
        fullName: "Bisi Fuzz",
        email,
        phone: "0803 555 0199",
        experienceLevel: "Some self-study",
        goals: "Check the proof door.",
        heardFrom: "Instagram",
        consent: "on",
        website: "",
      }),
    });
    if ((await answer.text()).includes("A place is held for you")) return email;
  }
  throw new Error(`No intake of ${slug} offered a place at once`);
}

/** The private link's path in the newest outbox e-mail to `email`. */
async function privateLink(server: AppServer, email: string) {
  const outbox = path.join(server.dataDir, "outbox");
  for (let tries = 0; tries < 100; tries++) {
    const files = await readdir(outbox).catch(() => []);
    for (const file of files) {
      const mail = (await readFile(path.join(outbox, file), "utf8")).replace(/=\r?\n/g, "");
      const link = mail.includes(email)
        ? mail.match(/\/application\/[A-Za-z0-9_-]{43}/)?.[0]
        : null;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${email} in ${outbox}`);
}

function multipart(field: string, name: string, type: string, content: Buffer) {
  const boundary = `fuzz${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function proofDoorBomb(server: AppServer): Promise<ProofDoorResult> {
  const email = await offeredApplication(server);
  const link = await privateLink(server, email);
  const steps: Record<string, string>[] = [
    { intent: "accept" },
    { intent: "choose-plan", plan: "full" },
  ];
  for (const form of steps) {
    const answer = await fetch(`${server.origin}${link}`, {
      method: "POST",
      headers: visitor,
      body: new URLSearchParams(form),
      redirect: "manual",
    });
    if (answer.status !== 302) {
      const alert = (await answer.text()).match(/role="alert"[^>]*>([^<]+)/)?.[1];
      throw new Error(`${form.intent} was answered ${answer.status}: ${alert ?? "no message"}`);
    }
  }
  const { body, contentType } = multipart(
    "proofFile",
    "statement.pdf",
    "application/pdf",
    await pdfBomb(),
  );
  const started = Date.now();
  const answer = await fetch(`${server.origin}${link}/proof`, {
    method: "POST",
    headers: { ...visitor, "content-type": contentType, "content-length": String(body.length) },
    body,
    redirect: "manual",
  });
  const seconds = (Date.now() - started) / 1000;
  const back = answer.headers.get("location");
  const result = { seconds, status: answer.status };
  if (server.exited()) return { ...result, failure: `The server stopped (${server.exited()})` };
  if (answer.status !== 302 || back !== link)
    return {
      ...result,
      failure: `The proof was answered ${answer.status} to ${back}, not 'My application'`,
    };
  const page = await (
    await fetch(`${server.origin}${link}`, { headers: { cookie: flashCookie(answer) } })
  ).text();
  if (!page.includes("too large to check once unpacked"))
    return { ...result, failure: "'My application' did not give the reason the PDF was refused" };
  return result;
}

const flashCookie = (answer: Response) => answer.headers.get("set-cookie")?.split(";")[0] ?? "";
