import type { Env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { startImapMailbox } from "./imap-mailbox.server";
import { startSmtpListener } from "./smtp-listener.server";

type Stop = () => Promise<void>;

/**
 * Starts receiving visitors' mail in this process, the ways the environment configures: the
 * SMTP listener (INBOUND_SMTP_PORT) and the IMAP mailbox (IMAP_URL). Returns what stops them.
 * A second process on the same machine finds the SMTP port taken and leaves it to the first;
 * every process may read the mailbox, since a mail stored twice is stored once.
 */
export async function startInboundMail(config: Env): Promise<Stop> {
  const stops: Stop[] = [];
  if (config.INBOUND_SMTP_PORT) {
    try {
      const listener = await startSmtpListener({
        port: config.INBOUND_SMTP_PORT,
        host: config.INBOUND_SMTP_HOST,
      });
      logger.info(`Inbound SMTP: listening on port ${listener.port}`);
      stops.push(listener.close);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      logger.info("Inbound SMTP: the port is taken by another process, which receives the mail");
    }
  }
  if (config.IMAP_URL && config.IMAP_USER && config.IMAP_PASSWORD) {
    const mailbox = startImapMailbox({
      url: config.IMAP_URL,
      user: config.IMAP_USER,
      password: config.IMAP_PASSWORD,
      pollSeconds: config.IMAP_POLL_SECONDS,
    });
    logger.info(
      `Inbound IMAP: reading the mailbox every ${config.IMAP_POLL_SECONDS} s and on IDLE`,
    );
    stops.push(mailbox.stop);
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
