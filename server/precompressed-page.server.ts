import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import {
  type BrotliCompress,
  brotliDecompress,
  constants,
  crc32,
  createBrotliCompress,
  createDeflateRaw,
  type DeflateRaw,
  gunzip,
} from "node:zlib";

/*
 * A kept public page is the same for every visitor but for its script nonce, fresh in each answer.
 * Compressing the whole page again for every answer cost more than everything else the cache
 * does, so each page is compressed once, with its nonces left out: the compressed stream is cut
 * at every nonce, and each answer puts its own nonce there as a stored (uncompressed) block, which
 * both formats allow between compressed ones. docs/decisions/0027 gives the reasoning: why the
 * compressor is fed a stand-in that no later bytes can refer back to, and why the result is
 * decoded with two nonces before it is trusted.
 */

/** A nonce is 16 random bytes in base64: 24 characters, always ending in "==". */
const NONCE_LENGTH = 24;
const NONCE_END = "==";

/**
 * Bytes a page never holds: control characters (outside text refuses them) and bytes that are
 * never part of UTF-8. 37 of them, a prime, for the stand-ins below.
 */
const STAND_IN_BYTES = [
  ...[0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0b, 0x0c],
  ...Array.from({ length: 0x20 - 0x0e }, (_, index) => 0x0e + index),
  ...[0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb],
];
const STAND_IN_LENGTH = NONCE_LENGTH - NONCE_END.length;
const MAX_NONCES = STAND_IN_BYTES.length - 1;

/** Brotli 6 and gzip 9: most of what the strongest settings gain, in a few milliseconds a page. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 9;

export type Encoding = "br" | "gzip";

/** A kept page: its bytes around each nonce, and once compressed, the same in each encoding. */
export type NoncedPage = {
  segments: Buffer[];
  /** Per encoding, the compressed segments: between two of them goes one nonce. */
  compressed?: Record<Encoding, Buffer[]>;
};

export function splitAtNonce(html: string, nonce: string): NoncedPage {
  return { segments: html.split(nonce).map((segment) => Buffer.from(segment)) };
}

/**
 * Compresses the page once for every later nonce. It stays uncompressed (and is compressed per
 * answer as before) when it cannot be: a nonce of another shape, too many of them, a byte of the
 * stand-ins in the page, or a result that does not decode to the page.
 */
export async function compressPage(page: NoncedPage, nonce: string): Promise<void> {
  const { segments } = page;
  if (nonce.length !== NONCE_LENGTH || !nonce.endsWith(NONCE_END)) return;
  if (segments.length - 1 > MAX_NONCES) return;
  if (segments.some((segment) => STAND_IN_BYTES.some((byte) => segment.includes(byte)))) return;

  const size = segments.reduce((sum, segment) => sum + segment.length, 0);
  const compressed = {
    br: await compressAround(
      createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      constants.BROTLI_OPERATION_FLUSH,
      segments,
    ),
    gzip: await compressAround(
      createDeflateRaw({ level: GZIP_LEVEL }),
      constants.Z_SYNC_FLUSH,
      segments,
    ),
  };
  if (await decodesToPage(segments, compressed)) page.compressed = compressed;
}

/** The page with `nonce` in each place, as it is or in an encoding it was compressed in. */
export function pageBytes(page: NoncedPage, nonce: string, encoding?: Encoding): Buffer {
  const nonceBytes = Buffer.from(nonce);
  // Any other length would shift every later copy of the compressed stream.
  if (nonceBytes.length !== NONCE_LENGTH) throw new Error("A script nonce is 24 characters");
  const compressed = encoding && page.compressed?.[encoding];
  if (!compressed) return joined(page.segments, nonceBytes);
  if (encoding === "br") return joined(compressed, brotliStoredBlock(nonceBytes));

  let checksum = 0;
  let length = 0;
  page.segments.forEach((segment, index) => {
    if (index > 0) {
      checksum = crc32(nonceBytes, checksum);
      length += nonceBytes.length;
    }
    // Node 20's crc32 answers 0 for a Buffer over an empty ArrayBuffer, as Buffer.from("") is.
    if (segment.length > 0) checksum = crc32(segment, checksum);
    length += segment.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, joined(compressed, deflateStoredBlock(nonceBytes)), trailer]);
}

function joined(parts: Buffer[], between: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [between, part] : [part])));
}

/**
 * Where nonce number `index` stands while the page is compressed: 22 bytes no page holds, then
 * "==" like every nonce. Each stand-in steps through the byte list by its own stride, so no two
 * bytes in a row recur anywhere in any stand-in, and its last byte is its own: the compressor
 * finds nothing in one to copy into another, or into the page.
 */
function standIn(index: number): Buffer {
  const size = STAND_IN_BYTES.length;
  const stride = index + 1;
  const start = (((index - (STAND_IN_LENGTH - 1) * stride) % size) + size) % size;
  const bytes = Array.from(
    { length: STAND_IN_LENGTH },
    (_, position) => STAND_IN_BYTES[(start + position * stride) % size] ?? 0,
  );
  return Buffer.concat([Buffer.from(bytes), Buffer.from(NONCE_END)]);
}

/** gzip's header: deflate, no name or time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/**
 * Compresses the segments as one stream with each nonce's stand-in between them, flushing
 * around every stand-in so that its bytes fill blocks of their own; those blocks are left out.
 * The last segment ends the stream.
 */
async function compressAround(
  compressor: BrotliCompress | DeflateRaw,
  flushKind: number,
  segments: Buffer[],
): Promise<Buffer[]> {
  const output: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => output.push(chunk));
  const failed = new Promise<never>((_, reject) => compressor.once("error", reject));
  const take = () => Buffer.concat(output.splice(0));
  const flushed = (bytes: Buffer) =>
    Promise.race([
      failed,
      new Promise<Buffer>((resolve) => {
        compressor.write(bytes, () => compressor.flush(flushKind, () => resolve(take())));
      }),
    ]);
  const ended = (bytes: Buffer) =>
    Promise.race([
      failed,
      new Promise<Buffer>((resolve) => {
        compressor.once("end", () => resolve(take()));
        compressor.end(bytes);
      }),
    ]);

  const parts: Buffer[] = [];
  for (const [index, segment] of segments.entries()) {
    if (index === segments.length - 1) {
      parts.push(await ended(segment));
    } else {
      parts.push(await flushed(segment));
      await flushed(standIn(index));
    }
  }
  return parts;
}

/** An uncompressed deflate block, not the last (RFC 1951, 3.2.4); the stream is byte-aligned. */
function deflateStoredBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0x00, 0);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/**
 * An uncompressed brotli meta-block, not the last (RFC 7932, 9.2): ISLAST 0, MNIBBLES 4,
 * MLEN - 1 in 16 bits, ISUNCOMPRESSED 1, then zero bits to the byte boundary.
 */
function brotliStoredBlock(bytes: Buffer): Buffer {
  const bits = (0 << 0) | (0 << 1) | ((bytes.length - 1) << 3) | (1 << 19);
  return Buffer.concat([
    Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]),
    bytes,
  ]);
}

/**
 * Whether both encodings decode to the page, with two unrelated nonces. A decoder's state after
 * a stored block does not depend on the bytes in it, so a stream that decodes right with two
 * random nonces has no reference into them and decodes right with any.
 */
async function decodesToPage(
  segments: Buffer[],
  compressed: Record<Encoding, Buffer[]>,
): Promise<boolean> {
  const page = { segments, compressed };
  const decodedRight = (bytes: Buffer) => {
    const nonce = bytes.toString("base64");
    const expected = pageBytes(page, nonce);
    return Promise.all([
      decodeBrotli(pageBytes(page, nonce, "br")),
      decodeGzip(pageBytes(page, nonce, "gzip")),
    ]).then((decoded) => decoded.every((bytes) => bytes.equals(expected)));
  };
  const results = await Promise.all([randomBytes(16), randomBytes(16)].map(decodedRight)).catch(
    () => [false],
  );
  return results.every(Boolean);
}

const decodeBrotli = promisify(brotliDecompress);
const decodeGzip = promisify(gunzip);
