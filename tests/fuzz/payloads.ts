import fc from "fast-check";

/** One form field: a text value, or a file part (sent as such only by the multipart encodings). */
export type Field =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; bytes: Uint8Array };

export const encodings = [
  "urlencoded",
  "multipart",
  "multipart without boundary",
  "truncated multipart",
  "multipart cut off in a file",
  "json",
  "text/plain",
  "xml",
  "no content type",
] as const;
export type Encoding = (typeof encodings)[number];

export type Payload = { contentType: string | null; body: Uint8Array<ArrayBuffer> };

const encoder = new TextEncoder();
const BOUNDARY = "----fuzz7MA4YWxkTrZu0gW";

function textOf(field: Field) {
  return "value" in field ? field.value : new TextDecoder().decode(field.bytes);
}

function concat(parts: (string | Uint8Array)[]) {
  const chunks = parts.map((part) => (typeof part === "string" ? encoder.encode(part) : part));
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/**
 * The fields as a multipart body, written by hand so names and file names go out raw. `cutInFile`
 * ends the body halfway through the last file's bytes (or halfway, without a file), as a
 * connection dropped during an upload does.
 */
function multipart(fields: Field[], { cutInFile = false } = {}) {
  const parts: (string | Uint8Array)[] = [];
  let cutAt: number | null = null;
  for (const field of fields) {
    parts.push(`--${BOUNDARY}\r\n`);
    if ("value" in field) {
      parts.push(`Content-Disposition: form-data; name="${field.name}"\r\n\r\n`, field.value);
    } else {
      parts.push(
        `Content-Disposition: form-data; name="${field.name}"; filename="${field.filename}"\r\n`,
        `Content-Type: ${field.type}\r\n\r\n`,
      );
      cutAt = concat(parts).length + Math.ceil(field.bytes.length / 2);
      parts.push(field.bytes);
    }
    parts.push("\r\n");
  }
  parts.push(`--${BOUNDARY}--\r\n`);
  const body = concat(parts);
  return cutInFile ? body.slice(0, cutAt ?? Math.floor(body.length / 2)) : body;
}

function xmlEscape(text: string) {
  return text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Writes the fields in one encoding, with the Content-Type a client would send (or none). */
export function encode(fields: Field[], encoding: Encoding): Payload {
  switch (encoding) {
    case "urlencoded":
      return {
        contentType: "application/x-www-form-urlencoded",
        body: encoder.encode(
          new URLSearchParams(fields.map((field) => [field.name, textOf(field)])).toString(),
        ),
      };
    case "multipart":
      return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(fields) };
    case "multipart without boundary":
      return { contentType: "multipart/form-data", body: multipart(fields) };
    case "truncated multipart": {
      const body = multipart(fields);
      return {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: body.slice(0, Math.floor(body.length / 2)),
      };
    }
    case "multipart cut off in a file":
      return {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: multipart(fields, { cutInFile: true }),
      };
    case "json":
      return {
        contentType: "application/json",
        body: encoder.encode(
          JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, textOf(field)]))),
        ),
      };
    case "text/plain":
      return {
        contentType: "text/plain",
        body: encoder.encode(fields.map((field) => `${field.name}=${textOf(field)}`).join("\r\n")),
      };
    case "xml":
      return {
        contentType: "application/xml",
        body: encoder.encode(
          `<form>${fields.map((field) => `<field name="${xmlEscape(field.name)}">${xmlEscape(textOf(field))}</field>`).join("")}</form>`,
        ),
      };
    case "no content type":
      return {
        contentType: null,
        body: encoder.encode(
          new URLSearchParams(fields.map((field) => [field.name, textOf(field)])).toString(),
        ),
      };
  }
}

// --- Generators ---------------------------------------------------------------------------------

/** Characters that have broken parsers, databases and logs before. */
const nasty = fc.constantFrom(
  "\0",
  "\x01",
  "\x07",
  "\b",
  "\x1b",
  "\x1f",
  "\x7f",
  "\u0085",
  "\r",
  "\n",
  "\t",
  "\\",
  '"',
  "'",
  "%",
  "%00",
  "&",
  "=",
  ";",
  "<",
  ">",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\ud800",
  "\uffff",
  "😀",
  "₦",
);

/** Up to about 200 KB of a repeated piece: big bodies without generating every character. */
const large = fc
  .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1_000, max: 200_000 }))
  .map(([piece, size]) => piece.repeat(Math.ceil(size / piece.length)).slice(0, size));

/** Addresses that pass a loose e-mail rule but that mail and auth libraries refuse, and kin. */
const oddEmail = fc.oneof(
  fc.constantFrom(
    "a@b.c",
    "a@b..co",
    "<a@b.co>",
    "a@[127.0.0.1]",
    "ａ@ｂ.co",
    "admin@academy.test\u0000",
    '"a b"@b.co',
    "a@b.co, c@d.co",
    "a@-b.co",
    ".a@b.co",
    `${"a".repeat(65)}@b.co`,
    `a@${"b".repeat(250)}.co`,
  ),
  fc.emailAddress(),
);

export const fuzzText: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: oddEmail },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: fc.oneof(nasty, fc.string({ maxLength: 1 })) }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "true", "null") },
  { weight: 1, arbitrary: large },
);

/**
 * Names a form parser reads as paths, and would once build into structures of any size or
 * depth: huge indexes, thousands of segments (app/lib/forms/form-field-names.ts).
 */
const pathName = fc.oneof(
  fc.constantFrom("a[0].b", "a[99999]", "x[10000000]", "x[99999999]", "a[0][0][0][0]"),
  fc
    .tuple(fc.constantFrom(".b", "[0]", "[1].c"), fc.integer({ min: 2, max: 12_000 }))
    .map(([segment, depth]) => `a${segment.repeat(depth)}`),
);

// Mostly names of the accepted shape, so that most cases with unknown fields still reach the
// form's own checks rather than stop at the field-name guard.
const fieldName = fc.oneof(
  { weight: 12, arbitrary: fc.stringMatching(/^[a-zA-Z_][\w-]{0,15}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.oneof(nasty, fc.string({ maxLength: 1 })), maxLength: 10 }),
  },
  { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "intent", "id", "ids") },
  { weight: 1, arbitrary: pathName },
);

const fileName = fc.oneof(
  fc.constantFrom("photo.png", "brochure.pdf", "..\\..\\etc\\passwd", "C:\\Users\\a\\x.png", ""),
  fc.string({ unit: fc.oneof(nasty, fc.string({ maxLength: 1 })), maxLength: 30 }),
);

const fileType = fc.constantFrom(
  "image/png",
  "image/jpeg",
  "image/webp",
  "application/pdf",
  "application/octet-stream",
  "text/html",
  "",
);

export const fuzzFile = (name: string) =>
  fc.record({
    name: fc.constant(name),
    filename: fileName,
    type: fileType,
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      fc.constant(encoder.encode("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")),
      fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
    ),
  });

/** What happens to one of the form's own fields. */
const fieldChange = fc.oneof(
  fc.constant({ kind: "drop" as const }),
  fuzzText.map((value) => ({ kind: "replace" as const, value })),
  fuzzText.map((value) => ({ kind: "repeat" as const, value })),
);

/**
 * A body for a form: its valid fields (so that some cases get through validation and store
 * rows) with up to four of them dropped, replaced or repeated, plus unknown fields, now and
 * then a great many of them, and files.
 */
export function fuzzFields(valid: Field[], files: string[] = []): fc.Arbitrary<Field[]> {
  return fc
    .record({
      changes: fc.array(fc.tuple(fc.nat(Math.max(0, valid.length - 1)), fieldChange), {
        maxLength: valid.length ? 4 : 0,
      }),
      extra: fc.array(fc.record({ name: fieldName, value: fuzzText }), { maxLength: 4 }),
      many: fc.oneof(
        { weight: 9, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 100, max: 5_000 }) },
      ),
      uploads: fc.array(fc.constantFrom(...(files.length ? files : ["file"])).chain(fuzzFile), {
        maxLength: files.length ? 2 : 1,
      }),
    })
    .map(({ changes, extra, many, uploads }) => {
      const fields: Field[] = [];
      valid.forEach((field, index) => {
        const change = changes.find(([changed]) => changed === index)?.[1];
        if (!change) fields.push(field);
        else if (change.kind === "replace") fields.push({ name: field.name, value: change.value });
        else if (change.kind === "repeat")
          fields.push(field, { name: field.name, value: change.value });
      });
      for (let index = 0; index < many; index += 1)
        fields.push({ name: `f${index}`, value: String(index) });
      return [...fields, ...extra, ...uploads];
    });
}

/** A query string of fuzzed names and values (percent-encoded, as a URL carries them). */
export const fuzzQuery = fc
  .array(
    fc.tuple(
      fieldName,
      fuzzText.filter((value) => value.length < 2_000),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

/**
 * A User-Agent or Referer as a stranger may send it: any byte Node lets through in a header
 * (tab, printable ASCII, and 0x80-0xFF, which arrive as Latin-1, the C1 controls among them).
 */
export const fuzzHeader = fc.oneof(
  fc.constant("Mozilla/5.0 (Linux; Android 14; SM-A155F) Chrome/131.0 Mobile Safari/537.36"),
  fc.string({
    unit: fc.oneof(
      fc.constantFrom("\t", "\x85", "\x9b", "\xa0", "\xad", "\xff"),
      fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)),
    ),
    maxLength: 600,
  }),
);

/** A random client address, so that per-address rate limits do not decide every case. */
export const clientAddress = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255))
  .map((octets) => octets.join("."));
