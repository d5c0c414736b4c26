import { createRequire } from "node:module";
import PostalMime, { type Email } from "postal-mime";
import { runInWorker } from "~/lib/infra/limited-worker.server";

/** Beyond this size a mail is parsed in a worker thread, so it cannot stall the web server. */
const INLINE_PARSE_BYTES = 256 * 1024;
/** A worker's parse is cut off past these: such a mail is refused as unreadable. */
const PARSE_TIMEOUT_MS = 20_000;
const PARSE_HEAP_MB = 512;

const parseOptions = {
  maxNestingDepth: 50,
  maxHeadersSize: 256 * 1024,
  maxRfc822NestingDepth: 3,
} as const;

// The worker loads postal-mime itself; its path is resolved here, where the app's own
// node_modules are known, whatever the process's working folder.
const postalMimePath = createRequire(import.meta.url).resolve("postal-mime");

const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const loaded = require(workerData.modulePath);
const PostalMime = loaded.default || loaded;
PostalMime.parse(workerData.raw, workerData.options).then(
  (email) => parentPort.postMessage({ value: email }),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);
`;

const parseInWorker = (raw: Buffer) =>
  runInWorker<Email>(
    workerSource,
    { raw, options: parseOptions, modulePath: postalMimePath },
    { heapMb: PARSE_HEAP_MB, timeoutMs: PARSE_TIMEOUT_MS, what: "Parsing the mail" },
  );

/**
 * A raw mail parsed by postal-mime, with its nesting and header limits. A large mail is parsed
 * in a worker thread with a memory and time limit: some shapes of MIME (a base64 body of padding)
 * cost postal-mime far more than their size, and the web server must not wait on them.
 */
export function parseMime(raw: Buffer): Promise<Email> {
  return raw.length > INLINE_PARSE_BYTES ? parseInWorker(raw) : PostalMime.parse(raw, parseOptions);
}
