import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * An accepted e-mail: its Message-ID, envelope sender and recipients, text (quoted-printable
 * undone) and the bytes as they came.
 */
export type ReceivedMail = {
  messageId: string;
  from: string;
  to: string[];
  text: string;
  raw: Buffer;
};

function decodedText(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(head)) return raw;
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return `${head}\n\n${Buffer.from(bytes, "latin1").toString("utf8")}`;
}

/** What the server answers to a MAIL FROM: null accepts, a code and text refuse. */
export type Answer = { code: number; text: string } | null;

/**
 * A real SMTP server on a free local port (no TLS, no sign-in), for one test file. `answer`
 * decides each delivery at MAIL FROM, given how many deliveries were tried before; accepted
 * e-mails are kept in `received`.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let tries = 0;
  let answer: (tryNumber: number) => Answer = () => null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      tries += 1;
      const refusal = answer(tries);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const raw = bytes.toString("utf8");
        const messageId = raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1] ?? "";
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        received.push({ messageId, from, to, text: decodedText(raw), raw: bytes });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many deliveries were tried (refused ones included). */
    tries: () => tries,
    answerWith(next: (tryNumber: number) => Answer) {
      answer = next;
    },
    reset() {
      received.length = 0;
      tries = 0;
      answer = () => null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
