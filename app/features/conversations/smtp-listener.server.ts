import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { logger } from "~/lib/infra/logger.server";
import { MAX_MAIL_BYTES } from "./mail-rules";
import { MalformedMailError, receiveMail } from "./receive-mail.server";

/** At most this many senders at once; more wait for a slot (their servers retry). */
const MAX_CLIENTS = 20;
const MAX_RECIPIENTS = 50;

type SmtpAnswer = Error & { responseCode?: number };

const answer = (responseCode: number, text: string): SmtpAnswer =>
  Object.assign(new Error(text), { responseCode });

/** Reads the DATA of one mail, up to MAX_MAIL_BYTES; null when it was larger (and drained). */
async function readData(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_MAIL_BYTES) chunks.push(chunk);
  }
  return stream.sizeExceeded || size > MAX_MAIL_BYTES ? null : Buffer.concat(chunks);
}

/**
 * Receives one mail: answers 250 only once it is committed (or was stored before), so the
 * sending server keeps a mail we could not store and tries again later (451), and refuses for
 * good what is too large (552) or cannot be read (550).
 */
async function onData(stream: SMTPServerDataStream, session: SMTPServerSession) {
  const raw = await readData(stream);
  if (!raw) throw answer(552, "Message too large");
  try {
    const envelopeRecipients = session.envelope.rcptTo.map((recipient) => recipient.address);
    const result = await receiveMail(raw, { envelopeRecipients });
    logger.info({ outcome: result.outcome, source: "smtp" }, "Mail received");
  } catch (error) {
    if (error instanceof MalformedMailError) throw answer(550, "Message could not be read");
    logger.error({ err: error, source: "smtp" }, "A received mail could not be stored");
    throw answer(451, "Temporary failure, please try again later");
  }
}

export type SmtpListener = { port: number; close(): Promise<void> };

/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT): for a domain whose mail is forwarded to the
 * app. It accepts mail for any recipient, without authentication, like any MX: the mail is
 * only stored as a visitor's words, and staff see who sent it.
 */
export function startSmtpListener({
  port,
  host = "0.0.0.0",
}: {
  port: number;
  host?: string;
}): Promise<SmtpListener> {
  const server = new SMTPServer({
    name: "academy-inbound",
    banner: "Lagos Tech Academy inbound mail",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MAIL_BYTES,
    maxClients: MAX_CLIENTS,
    socketTimeout: 60_000,
    closeTimeout: 10_000,
    logger: false,
    onRcptTo(_address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS)
        return callback(answer(452, "Too many recipients"));
      callback();
    },
    onData(stream, session, callback) {
      onData(stream, session).then(
        () => callback(null, "Message stored"),
        (error: SmtpAnswer) => callback(error),
      );
    },
  });
  server.on("error", (error) => logger.warn({ err: error }, "Inbound SMTP: a connection failed"));
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once("error", failed);
    server.listen(port, host, () => {
      server.server.off("error", failed);
      const address = server.server.address();
      resolve({
        port: typeof address === "object" && address ? address.port : port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
