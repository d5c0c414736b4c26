import { ImapFlow } from "imapflow";
import type { Logger } from "pino";
import { logger as appLogger } from "~/lib/infra/logger.server";
import { MAX_MAIL_BYTES } from "./mail-rules";
import { MalformedMailError, receiveMail } from "./receive-mail.server";

/**
 * The keyword a message gets once it is in the database (or was refused for good). The mailbox
 * is read by it rather than by \Seen, and \Seen is left alone: staff opening the mailbox in
 * their mail client hide nothing from the app, and still see what they have not read.
 */
export const STORED_KEYWORD = "$AcademyStored";
/**
 * Beside STORED_KEYWORD: a mail refused for good, never retried: unreadable, or too large (then
 * kept in the portal as its headers and a note only).
 */
export const REFUSED_KEYWORD = "$AcademyRefused";

/** After this many mails in a row could not be stored, the pass ends (the database is away). */
const FAILURES_BEFORE_WAITING = 3;
/** At most this many messages are read in one pass; the next pass follows at once. */
const MESSAGES_PER_PASS = 200;
/** Failed connections and failed passes are tried again after 1 s, 2 s, 4 s … up to 60 s. */
const MIN_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** A connection that lasted this long was a good one: the next failure starts again at 1 s. */
const STABLE_CONNECTION_MS = 60_000;
/** IDLE is restarted this often, so that neither side's inactivity timer ends the session. */
const MAX_IDLE_MS = 4 * 60_000;
/** How long stop() lets a pass finish its IMAP commands before it cuts the connection. */
const STOP_GRACE_MS = 10_000;

export type ImapMailboxOptions = {
  /** imap(s)://host[:port][/folder]; the folder defaults to INBOX. */
  url: string;
  user: string;
  password: string;
  /** A pass every this many seconds, besides the passes IDLE starts. */
  pollSeconds: number;
  logger?: Logger;
  /** A larger mail is kept as its headers and a note only (MAX_MAIL_BYTES; lower in tests). */
  maxMailBytes?: number;
};

export type ImapMailboxStatus = {
  /** Connected, with the folder open. */
  connected: boolean;
  /** How many connections were opened so far. */
  connections: number;
  /** How many passes over the folder were completed (failed ones included). */
  passes: number;
  /** Waiting in IDLE for the server's news. */
  idling: boolean;
};

export type ImapMailbox = {
  /** Ends the connection and the timers, after the pass in flight (if any) has finished. */
  stop(): Promise<void>;
  status(): ImapMailboxStatus;
};

type PassResult = { failed: boolean; more: boolean };

function serverOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === "imaps:";
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    folder: decodeURIComponent(parsed.pathname.replace(/^\/+|\/+$/g, "")) || "INBOX",
  };
}

/** Settles like `work`, or rejects after `ms`. */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Timed out")), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const backoff = (failures: number) =>
  Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** Math.max(0, failures - 1));

/**
 * Reads visitors' mail from an IMAP folder into the conversations. Every message without
 * STORED_KEYWORD is stored with receiveMail() and only then flagged: a crash
 * in between leaves it unflagged, and the next pass finds it stored already and only flags it.
 * A mail that cannot be stored for now (the database is away) stays unflagged and is tried
 * again after a back-off. Passes run one at a time: when IDLE reports new mail, every
 * `pollSeconds`, and after each (re)connection, which follows any loss of the server with a
 * back-off of 1 s to 60 s, until stop(). Logs hold uids, counts and outcomes, never addresses,
 * subjects or text.
 */
export function startImapMailbox(options: ImapMailboxOptions): ImapMailbox {
  const log = (options.logger ?? appLogger).child({ source: "imap" });
  const server = serverOf(options.url);
  const maxMailBytes = options.maxMailBytes ?? MAX_MAIL_BYTES;

  let stopped = false;
  let client: ImapFlow | null = null;
  let connected = false;
  let connecting: Promise<void> | null = null;
  let connectFailures = 0;
  let connections = 0;
  let passes = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  let running: Promise<void> | null = null;
  let passAgain = false;
  let failedPasses = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const pollTimer = setInterval(() => requestPass(), options.pollSeconds * 1000);
  pollTimer.unref();

  function scheduleReconnect() {
    if (stopped || reconnectTimer || connecting) return;
    connectFailures += 1;
    const delay = backoff(connectFailures);
    log.info({ delayMs: delay, attempt: connectFailures }, "IMAP: reconnecting after a pause");
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
    reconnectTimer.unref();
  }

  function connect() {
    if (stopped || connecting || client) return;
    connecting = openConnection()
      .catch((error: unknown) => {
        log.warn({ err: error }, "IMAP: the mailbox could not be opened");
        client?.close();
        client = null;
        connected = false;
      })
      .finally(() => {
        connecting = null;
        if (!client) scheduleReconnect();
      });
  }

  async function openConnection() {
    const imap = new ImapFlow({
      host: server.host,
      port: server.port,
      secure: server.secure,
      auth: { user: options.user, pass: options.password },
      logger: false,
      // IDLE starts a second after a pass, so new mail is seen at once.
      autoIdleDelay: 1_000,
      maxIdleTime: MAX_IDLE_MS,
      connectionTimeout: 30_000,
    });
    client = imap;
    let openedAt = 0;
    imap.on("error", (error) => log.warn({ err: error }, "IMAP: the connection failed"));
    imap.on("exists", () => requestPass());
    imap.on("close", () => {
      if (client !== imap) return;
      client = null;
      connected = false;
      if (stopped) return;
      if (openedAt && Date.now() - openedAt >= STABLE_CONNECTION_MS) connectFailures = 0;
      log.warn("IMAP: the connection closed");
      // While connect() is pending, its own failure schedules the next attempt.
      if (!connecting) scheduleReconnect();
    });
    await imap.connect();
    const mailbox = await imap.mailboxOpen(server.folder);
    const flags = mailbox.permanentFlags;
    if (flags && !flags.has("\\*") && !flags.has(STORED_KEYWORD)) {
      throw new Error(`The folder does not keep keywords such as ${STORED_KEYWORD}`);
    }
    if (stopped || client !== imap) {
      imap.close();
      return;
    }
    openedAt = Date.now();
    connected = true;
    connections += 1;
    log.info({ connection: connections }, "IMAP: reading the mailbox");
    requestPass();
  }

  /** Starts a pass, or asks the running one to be followed by another. */
  function requestPass() {
    if (stopped || !connected) return;
    if (running) {
      passAgain = true;
      return;
    }
    // Backing off after a failure: the retry timer starts the next pass.
    if (retryTimer) return;
    running = (async () => {
      do {
        passAgain = false;
        const result = await runPass();
        passes += 1;
        if (result.failed) {
          failedPasses += 1;
          const delay = backoff(failedPasses);
          retryTimer = setTimeout(() => {
            retryTimer = undefined;
            requestPass();
          }, delay);
          retryTimer.unref();
          log.warn({ delayMs: delay }, "IMAP: trying the mailbox again after a pause");
          return;
        }
        failedPasses = 0;
        if (result.more) passAgain = true;
      } while (passAgain && !stopped && connected);
    })().finally(() => {
      running = null;
    });
  }

  async function runPass(): Promise<PassResult> {
    const imap = client;
    if (!imap || !connected) return { failed: false, more: false };
    try {
      return await readFolder(imap);
    } catch (error) {
      // A lost connection is taken up by the 'close' handler; anything else is tried again.
      if (imap.usable) log.warn({ err: error }, "IMAP: a pass over the mailbox failed");
      return { failed: imap.usable, more: false };
    }
  }

  async function flag(imap: ImapFlow, uid: number, flags: string[]) {
    const done = await imap.messageFlagsAdd(String(uid), flags, { uid: true });
    if (!done) log.warn({ uid }, "IMAP: the server did not flag a stored mail");
  }

  async function readFolder(imap: ImapFlow): Promise<PassResult> {
    const lock = await imap.getMailboxLock(server.folder);
    try {
      const found = await imap.search({ unKeyword: STORED_KEYWORD }, { uid: true });
      if (!Array.isArray(found)) throw new Error("The server refused to search the folder");
      if (!found.length) return { failed: false, more: false };
      const uids = [...found].sort((a, b) => a - b).slice(0, MESSAGES_PER_PASS);
      const sizes = new Map<number, number>();
      for (const message of await imap.fetchAll(uids, { uid: true, size: true }, { uid: true })) {
        sizes.set(message.uid, message.size ?? 0);
      }
      const counts: Record<string, number> = {};
      const count = (outcome: string) => {
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      };
      let failed = false;
      let failedInARow = 0;
      for (const uid of uids) {
        if (stopped) break;
        // Gone since the search (deleted by staff): nothing to read.
        if (!sizes.has(uid)) continue;
        // A mail too large to keep is read by its headers alone: stored as a note in its
        // conversation (refused, so flagged as such), never left unseen in the mailbox.
        const size = sizes.get(uid) ?? 0;
        const tooLarge = size > maxMailBytes;
        const message = await imap.fetchOne(
          String(uid),
          tooLarge ? { uid: true, headers: true } : { uid: true, source: true },
          { uid: true },
        );
        const raw = message === false ? undefined : tooLarge ? message.headers : message.source;
        if (!raw) continue;
        let outcome: string;
        try {
          outcome = (await receiveMail(raw, tooLarge ? { tooLargeBytes: size } : {})).outcome;
        } catch (error) {
          if (!(error instanceof MalformedMailError)) {
            // Left unflagged: a later pass (after the back-off) tries it again. The next mails
            // are still read, so one mail that cannot be stored holds up no other; several
            // failing in a row means the database is away, and the rest wait for that pass.
            log.error(
              { err: error, uid },
              "A received mail could not be stored; it is tried again",
            );
            count("failed");
            failed = true;
            failedInARow += 1;
            if (failedInARow >= FAILURES_BEFORE_WAITING) break;
            continue;
          }
          outcome = "refused";
        }
        if (outcome === "refused" || tooLarge) {
          await flag(imap, uid, [STORED_KEYWORD, REFUSED_KEYWORD]);
          const reason = tooLarge ? "too large" : "unreadable";
          log.warn({ uid, outcome, reason }, "Mail refused");
        } else {
          await flag(imap, uid, [STORED_KEYWORD]);
          log.info({ uid, outcome }, "Mail received");
        }
        failedInARow = 0;
        count(outcome);
      }
      log.info({ messages: uids.length, waiting: found.length, ...counts }, "IMAP: mailbox read");
      return { failed, more: !failed && found.length > uids.length };
    } finally {
      lock.release();
    }
  }

  connect();

  return {
    status: () => ({ connected, connections, passes, idling: Boolean(client?.idling) }),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(pollTimer);
      clearTimeout(reconnectTimer);
      clearTimeout(retryTimer);
      if (running) await withTimeout(running, STOP_GRACE_MS).catch(() => undefined);
      const imap = client;
      client = null;
      connected = false;
      if (imap) {
        // A pass still waiting on the server is cut short; one storing a mail ends on its own.
        if (running || !imap.usable) imap.close();
        else await withTimeout(imap.logout(), STOP_GRACE_MS).catch(() => imap.close());
      }
      await Promise.all([running, connecting]);
    },
  };
}
