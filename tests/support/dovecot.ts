import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, chown, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ImapFlow } from "imapflow";
import { freePort } from "./free-port";

const run = promisify(execFile);

/** Debian's dovecot-imapd (`apt-get install dovecot-imapd`); DOVECOT_BIN points elsewhere. */
const dovecotBin = process.env.DOVECOT_BIN ?? "/usr/sbin/dovecot";
const doveadmBin = path.join(path.dirname(dovecotBin), "../bin/doveadm");

/** A message of the test mailbox: its UID, flags and Message-ID header. */
export type MailboxMessage = { uid: number; flags: string[]; messageId: string | null };

/** A private IMAP server (dovecot) on a free local port, one mailbox, no TLS. */
export type TestDovecot = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** imap://127.0.0.1:port/INBOX */
  url: string;
  /** APPENDs a mail to INBOX over IMAP; resolves with its UID. */
  appendMail(raw: Buffer | string, flags?: string[]): Promise<number>;
  /**
   * Writes a mail straight into the maildir's new/ folder, as a mail server delivers it, which
   * also works while dovecot is stopped.
   */
  deliverToMaildir(raw: Buffer | string): Promise<void>;
  /** Every message of INBOX, in UID order. */
  messages(): Promise<MailboxMessage[]>;
  flagsOf(uid: number): Promise<string[]>;
  /** Deletes every message of INBOX (between tests). */
  empty(): Promise<void>;
  /** Ends dovecot (SIGTERM): its IMAP sessions close; the mail stays. */
  stop(): Promise<void>;
  /** Starts dovecot again on the same port with the same mail. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** What dovecot logged so far. */
  log(): string;
  /** The capabilities a signed-in client is told of (IMAP4rev1, IDLE, …). */
  capabilities(): Promise<string[]>;
  /** Stops dovecot and removes its folder. */
  close(): Promise<void>;
};

async function idOf(flag: "-u" | "-g", user: string) {
  const { stdout } = await run("id", [flag, user]);
  return Number(stdout.trim());
}

/**
 * Who the server runs as. As root, dovecot refuses mail access as UID 0: the mail belongs to
 * `nobody`, the internal and login processes run as Debian's `dovecot` and `dovenull`. As any
 * other user, every process runs as that user (dovecot cannot change users then).
 */
async function accounts() {
  if (process.getuid?.() === 0) {
    return {
      internalUser: "dovecot",
      internalGroup: "dovecot",
      loginUser: "dovenull",
      mailUid: await idOf("-u", "nobody"),
      mailGid: await idOf("-g", "nobody"),
    };
  }
  const me = userInfo();
  const { stdout: group } = await run("id", ["-gn"]);
  return {
    internalUser: me.username,
    internalGroup: group.trim(),
    loginUser: me.username,
    mailUid: me.uid,
    mailGid: me.gid,
  };
}

/** Resolves once the server greets on `port`, rejects after `timeoutMs` or when `failed()` says why. */
async function greeted(port: number, failed: () => string | null, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problem = failed();
    if (problem) throw new Error(problem);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.setTimeout(1_000);
      const done = (result: boolean) => {
        socket.destroy();
        resolve(result);
      };
      socket.once("data", (chunk) => done(chunk.toString().startsWith("* OK")));
      socket.once("error", () => done(false));
      socket.once("timeout", () => done(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Dovecot 2.3's own capabilities less IDLE (and NOTIFY, the other way a server tells of new
 * mail), for a server that offers neither, as some hosted and older servers do not: a client
 * must poll it.
 */
const capabilitiesWithoutIdle = [
  "IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS",
  "THREAD=ORDEREDSUBJECT MULTIAPPEND URL-PARTIAL CATENATE UNSELECT CHILDREN NAMESPACE UIDPLUS",
  "LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH",
  "LIST-STATUS BINARY MOVE SNIPPET=FUZZY PREVIEW=FUZZY PREVIEW STATUS=SIZE SAVEDATE LITERAL+",
].join(" ");

/**
 * Starts a dovecot of the test's own from a configuration in a new temporary folder (its
 * sockets, state, log and maildir there too), on a free port of 127.0.0.1, in the foreground
 * (`dovecot -F`) as a child process. It never reads /etc/dovecot or touches the system's
 * dovecot, and works as root and as any other user. `idle: false` makes a server without IDLE.
 */
export async function startDovecot(options: { idle?: boolean } = {}): Promise<TestDovecot> {
  const root = await mkdtemp(path.join(tmpdir(), "academy-dovecot-"));
  // dovecot's own users (as root: dovecot, dovenull, nobody) read the folder and users file.
  await chmod(root, 0o755);
  const port = await freePort();
  const user = "academy";
  const password = randomBytes(9).toString("hex");
  const home = path.join(root, "home");
  const maildir = path.join(home, "Maildir");
  const who = await accounts();
  await mkdir(path.join(maildir, "new"), { recursive: true });
  await mkdir(path.join(maildir, "cur"), { recursive: true });
  await mkdir(path.join(maildir, "tmp"), { recursive: true });
  await mkdir(path.join(root, "run"));
  await mkdir(path.join(root, "state"));
  for (const folder of [home, maildir, ...["new", "cur", "tmp"].map((f) => path.join(maildir, f))])
    await chown(folder, who.mailUid, who.mailGid);
  const usersFile = path.join(root, "users");
  await writeFile(
    usersFile,
    `${user}:{PLAIN}${password}:${who.mailUid}:${who.mailGid}::${home}::\n`,
    { mode: 0o644 },
  );
  const config = path.join(root, "dovecot.conf");
  await writeFile(
    config,
    `# A test's own dovecot (tests/support/dovecot.ts)
instance_name = academy-test-${path.basename(root)}
base_dir = ${root}/run
state_dir = ${root}/state
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = /dev/stderr
default_internal_user = ${who.internalUser}
default_internal_group = ${who.internalGroup}
default_login_user = ${who.loginUser}
first_valid_uid = 1
mail_location = maildir:~/Maildir
${options.idle === false ? `imap_capability = ${capabilitiesWithoutIdle}\n` : ""}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${usersFile}
}
userdb {
  driver = passwd-file
  args = username_format=%u ${usersFile}
}
service imap-login {
  # Not chrooted: a user other than root cannot chroot.
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );

  let child: ChildProcess | null = null;
  let output = "";
  let ended: Promise<void> = Promise.resolve();
  // A test run that dies leaves no dovecot behind.
  const killOnExit = () => child?.kill("SIGKILL");
  process.once("exit", killOnExit);

  const start = async () => {
    if (child) return;
    const started = spawn(dovecotBin, ["-F", "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    let exit: string | null = null;
    started.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    started.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    ended = new Promise((resolve) =>
      started.once("exit", (code, signal) => {
        exit = `dovecot ended (exit code ${code}, signal ${signal}):\n${output}`;
        if (child === started) child = null;
        resolve();
      }),
    );
    started.once("error", (error) => {
      exit = `dovecot could not start (${error.message}); install dovecot-imapd`;
    });
    await greeted(port, () => exit);
  };

  const stop = async () => {
    if (!child) return;
    // Ended on its own, the master leaves its IMAP sessions running for ~10 s ('Server shutting
    // down'): they are ended first, so that clients see the server go at once.
    await run(doveadmBin, ["-c", config, "kick", user]).catch(() => undefined);
    child.kill("SIGTERM");
    await ended;
  };

  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  const messages = () =>
    withClient(async (client) => {
      const lock = await client.getMailboxLock("INBOX");
      try {
        if (client.mailbox && client.mailbox.exists === 0) return [];
        const found = await client.fetchAll("1:*", { uid: true, flags: true, envelope: true });
        // When another session (the app) flags a mail during this FETCH, dovecot also sends
        // that change as a FETCH of its flags alone (no UID, no envelope), and imapflow lists
        // it as one more message: a mailbox of 110 read as 111. One entry per UID.
        const byUid = new Map<number, { uid: number; flags: string[]; messageId: string | null }>();
        for (const message of found) {
          if (!message.uid) continue;
          const seen = byUid.get(message.uid);
          byUid.set(message.uid, {
            uid: message.uid,
            flags: [...new Set([...(seen?.flags ?? []), ...(message.flags ?? [])])].sort(),
            messageId: message.envelope?.messageId ?? seen?.messageId ?? null,
          });
        }
        return [...byUid.values()].sort((a, b) => a.uid - b.uid);
      } finally {
        lock.release();
      }
    });

  let delivered = 0;
  await start();
  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    url: `imap://127.0.0.1:${port}/INBOX`,
    appendMail: (raw, flags = []) =>
      withClient(async (client) => {
        const appended = await client.append("INBOX", raw, flags);
        if (appended === false || !appended.uid) throw new Error("dovecot did not append the mail");
        return appended.uid;
      }),
    async deliverToMaildir(raw) {
      delivered += 1;
      const name = `${Date.now()}.P${process.pid}Q${delivered}.academy-test`;
      const temporary = path.join(maildir, "tmp", name);
      await writeFile(temporary, raw, { mode: 0o644 });
      await chown(temporary, who.mailUid, who.mailGid);
      await rename(temporary, path.join(maildir, "new", name));
    },
    messages,
    async flagsOf(uid) {
      const message = (await messages()).find((candidate) => candidate.uid === uid);
      if (!message) throw new Error(`No message with UID ${uid}`);
      return message.flags;
    },
    empty: () =>
      withClient(async (client) => {
        const lock = await client.getMailboxLock("INBOX");
        try {
          if (client.mailbox && client.mailbox.exists > 0) await client.messageDelete("1:*");
        } finally {
          lock.release();
        }
      }),
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    log: () => output,
    capabilities: () => withClient(async (client) => [...client.capabilities.keys()]),
    async close() {
      await stop();
      process.off("exit", killOnExit);
      await rm(root, { recursive: true, force: true });
    },
  };
}
