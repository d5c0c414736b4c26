// The fuzz suite's inbound-mail phase (issue 29): generated malformed mails sent over real SMTP
// to the listener the server starts (INBOUND_SMTP_PORT), from a raw socket so that any bytes go
// through: bad encodings, broken MIME, huge headers, NUL bytes, deep nesting, bad base64 and
// quoted-printable, no From, 8-bit garbage, very long lines, repeated Message-IDs, the same mail
// delivered twice at once. A case fails on an answer to DATA that is not 250, a 4xx or a 5xx,
// on a 451 or 421 (the database is up: the listener could not store what it should have), on a
// refused envelope (it is well-formed), on no answer, or on a stack trace in the server's log.
// After the run, tests/fuzz/stored-rows.ts checks that nothing was half-stored.
import { mkdir, writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import path from "node:path";
import fc from "fast-check";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { MAX_MAIL_BYTES } from "~/features/conversations/mail-rules";
import type { AppServer } from "../support/app-server";
import { pdfBomb } from "../support/pdf-bomb";

/** The address the fuzz server's replies carry (INBOUND_REPLY_ADDRESS); answers come to it. */
export const FUZZ_INBOUND_ADDRESS = "replies@academy.test";
/** How long one SMTP answer may take before the case counts as unanswered. */
const ANSWER_TIMEOUT_MS = 60_000;

// --- Bytes --------------------------------------------------------------------------------------

const utf8 = (text: string) => Buffer.from(text, "utf8");
const latin1 = (text: string) => Buffer.from(text, "latin1");
type Piece = string | Buffer;
/** Pieces as one mail: strings as UTF-8, buffers as they are. */
const bytesOf = (pieces: Piece[]) =>
  Buffer.concat(pieces.map((piece) => (typeof piece === "string" ? utf8(piece) : piece)));
const base64Lines = (bytes: Buffer) =>
  (bytes.toString("base64").match(/.{1,76}/g) ?? []).join("\r\n");

/** Quoted-printable as a mailer writes it (soft breaks at 76), from any bytes. */
function quotedPrintable(bytes: Buffer) {
  let out = "";
  let line = 0;
  for (const byte of bytes) {
    const plain = (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32;
    const piece = plain
      ? String.fromCharCode(byte)
      : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    if (line + piece.length > 75) {
      out += "=\r\n";
      line = 0;
    }
    out += piece;
    line += piece.length;
  }
  return out;
}

// --- Generators ---------------------------------------------------------------------------------

/** Characters that have broken parsers, databases and logs before. */
const nasty = fc.constantFrom(
  "\0",
  "\x01",
  "\x07",
  "\b",
  "\x0b",
  "\x0c",
  "\x1b",
  "\x7f",
  "\u0085",
  "\r",
  "\n",
  "\t",
  "\u2028",
  "\u202e",
  "\ufeff",
  "\ud800",
  "\uffff",
  "😀",
  "₦",
  "=",
  "?",
  "<",
  ">",
  '"',
  ";",
  ".",
  "--",
);

const sentences = [
  "Thank you for the reply.",
  "Can I pay the fee in two instalments?",
  "Is there a weekend class for Data Analysis?",
  "I work in Ikeja during the week.",
  "Please call me on 0803 555 0101.",
  "Ẹ ṣé gan-an! Mo fẹ́ forúkọsílẹ̀.",
  ".",
  "..",
  "From the desk of the principal",
];

const quotedHistory = fc.constantFrom(
  "On Mon, 3 Nov 2025 at 09:12, Lagos Tech Academy <hello@academy.test> wrote:\n> The fee is ₦150,000.\n>\n> Regards,\n> Ada",
  "-----Original Message-----\nFrom: Lagos Tech Academy\nSent: Monday\nSubject: Re: A question\n\nThe fee is ₦150,000.",
  ">>> deeply\n>> quoted\n> text\n".repeat(50),
  "\n-- \nSent from my iPhone",
  `${"> ".repeat(2_000)}x`,
);

/** A size between min and max, as often a few times min as near max (a log scale). */
const sizeBetween = (min: number, max: number) =>
  fc
    .double({ min: Math.log(min), max: Math.log(max), noNaN: true })
    .map((exponent) => Math.round(Math.exp(exponent)));

/** Up to about 1.5 MB in one line: the parser and the reply parser see it whole. */
const longLine = fc
  .tuple(fc.string({ minLength: 1, maxLength: 6 }), sizeBetween(1_000, 1_500_000))
  .map(([piece, size]) => piece.repeat(Math.ceil(size / piece.length)).slice(0, size));

const mailText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.array(fc.constantFrom(...sentences), { maxLength: 6 }),
        fc.option(quotedHistory, { freq: 3 }),
      )
      .map(([words, history]) => `${words.join(" ")}${history ? `\n\n${history}` : ""}`),
  },
  {
    weight: 3,
    arbitrary: fc.string({ unit: fc.oneof(nasty, fc.string({ maxLength: 1 })), maxLength: 300 }),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.oneof({ weight: 3, arbitrary: fc.constant("") }, longLine) },
);

/** Text written in an encoding that may not be the one the part declares. */
const textBytes = fc
  .tuple(mailText, fc.constantFrom<BufferEncoding>("utf8", "utf8", "latin1", "utf16le"))
  .map(([text, encoding]) => Buffer.from(text, encoding));

const garbage = fc.uint8Array({ maxLength: 3_000 }).map((bytes) => Buffer.from(bytes));
const eightBit = fc
  .uint8Array({ min: 0x80, max: 0xff, minLength: 1, maxLength: 500 })
  .map((bytes) => Buffer.from(bytes));

const html = fc.oneof(
  fc.constantFrom(
    "<html><body><script>alert(document.cookie)</script><p>Hello <b>there</b></p></body></html>",
    "<p>Unclosed <div><span><table><tr><td>cell",
    "<style>p{}</style><p>Styled</p><img src=x onerror=alert(1)>",
    "<p>&#0; &#x0; &#xD800; &#x110000; &#xFFFFFFFF; &nbsp;&amp;&lt;&gt; &unknown;</p>",
    "<a href='javascript:alert(1)'>javascript:alert(1)</a><a href='https://example.com'>x</a>",
    "<!-- never closed",
    "<![CDATA[<script>x</script>]]>",
    "<blockquote type=cite>On Monday you wrote:<br>The fee is ₦150,000.</blockquote><p>Thanks!</p>",
  ),
  fc
    .tuple(
      fc.constantFrom("<div>", "<blockquote>", "<table><tr><td>", "<ul><li>", "<b><i>"),
      sizeBetween(100, 40_000),
    )
    .map(([tag, depth]) => `${tag.repeat(depth)}deep`),
  mailText.map((text) => `<p>${text}</p>`),
);

const content: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 6, arbitrary: textBytes },
  { weight: 2, arbitrary: garbage },
  { weight: 1, arbitrary: eightBit },
  { weight: 2, arbitrary: html.map(utf8) },
);

const transferEncodings = [
  "none",
  "7bit",
  "8bit",
  "binary",
  "base64",
  "base64 broken",
  "quoted-printable",
  "quoted-printable broken",
  "unknown",
] as const;
type TransferEncoding = (typeof transferEncodings)[number];

/** The Content-Transfer-Encoding header and the body written in it (or broken in it). */
function encodeBody(
  bytes: Buffer,
  encoding: TransferEncoding,
  flaw: number,
): [string | null, Buffer] {
  switch (encoding) {
    case "none":
      return [null, bytes];
    case "7bit":
    case "8bit":
    case "binary":
      return [encoding, bytes];
    case "base64":
      return ["base64", latin1(base64Lines(bytes))];
    case "base64 broken": {
      const valid = base64Lines(bytes);
      const broken = [
        `${valid}!!!*&^%`,
        valid.slice(0, Math.max(0, valid.length - 3)),
        valid.replace(/\r\n/g, ""),
        `${valid.slice(0, valid.length >> 1)}==${valid.slice(valid.length >> 1)}`,
        `====${valid}`,
        valid.replace(/[A-M]/g, "\0"),
        `${valid}\r\n${"\xff\xfe".repeat(20)}`,
      ];
      return [flaw % 2 ? "BASE64" : "base64", latin1(broken[flaw % broken.length] ?? valid)];
    }
    case "quoted-printable":
      return ["quoted-printable", latin1(quotedPrintable(bytes))];
    case "quoted-printable broken": {
      const valid = quotedPrintable(bytes);
      const broken = [
        `${valid}=ZZ=G1=\r\n=`,
        `${valid}=`,
        valid.replace(/=\r\n/g, ""),
        `=00=00=00${valid}=0`,
        valid.replace(/=([0-9A-F]{2})/g, "=$1$1"),
        `${"=".repeat(3000)}\r\n${valid}`,
      ];
      return ["quoted-printable", latin1(broken[flaw % broken.length] ?? valid)];
    }
    case "unknown":
      return [["x-uuencode", "gzip", "", "base32", "7bit; charset=x"][flaw % 5] ?? "x", bytes];
  }
}

const contentTypes = fc.constantFrom(
  "text/plain; charset=utf-8",
  'text/plain; charset="iso-8859-1"',
  "text/plain; charset=windows-1252",
  "text/plain; charset=utf-16",
  "text/plain; charset=x-unknown-8",
  "text/plain; charset=utf-7",
  "text/plain; charset=utf-8; format=flowed; delsp=yes",
  "text/plain; charset*=utf-8''%ZZ",
  "text/plain;;;; charset",
  'text/plain; charset="',
  "TEXT/PLAIN; CHARSET=UTF-8",
  "text/html; charset=utf-8",
  "text/html",
  "text/calendar; method=REQUEST",
  "message/delivery-status",
  "application/octet-stream",
  "garbage",
  "",
);

const encodedWord = (text: string) => `=?utf-8?B?${utf8(text).toString("base64")}?=`;

const fileNames = fc.oneof(
  fc.constantFrom(
    "notes.pdf",
    "photo.png",
    "../../etc/passwd",
    "C:\\Users\\a\\x.png",
    "a\0b.png",
    `${"x".repeat(5_000)}.png`,
    "",
    "CON",
    'un"balanced.pdf',
    encodedWord("résumé ₦.pdf"),
    "=?utf-8?B?!!!?=.pdf",
    "=?x-unknown?Q?a=00b?=.png",
  ),
  fc.string({ unit: fc.oneof(nasty, fc.string({ maxLength: 1 })), maxLength: 40 }),
);

/** The Content-Disposition of an attachment: plain, RFC 2231, broken continuations, or none. */
const disposition = fc
  .tuple(fileNames, fc.nat(5))
  .map(
    ([name, form]) =>
      [
        null,
        `attachment; filename="${name}"`,
        `attachment; filename*=utf-8''${[...utf8(name)].map((byte) => (byte === 0x2e ? "%ZZ" : `%${byte.toString(16)}`)).join("")}`,
        `attachment; filename*0*=utf-8''%E2%82; filename*2="${name}"; filename*1=%00`,
        `inline; filename=${name}`,
        `attachment; filename="${name}"; size=-1; creation-date="never"`,
      ][form] ?? null,
  );

// Real files, so that some attachments pass the upload checks and are stored; and near misses.
const tinyPng = await sharp({
  create: { width: 2, height: 2, channels: 3, background: "#c0392b" },
})
  .png()
  .toBuffer();
const tinyPdf = await (async () => {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText("Receipt");
  return Buffer.from(await document.save());
})();
const scriptedPdf = latin1(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF",
);

const attachmentBytes = fc.oneof(
  fc.constant(tinyPng),
  fc.constant(tinyPdf),
  fc.constant(scriptedPdf),
  fc.nat(tinyPng.length).map((cut) => tinyPng.subarray(0, cut)),
  fc.nat(tinyPdf.length).map((cut) => tinyPdf.subarray(0, cut)),
  garbage.map((bytes) => Buffer.concat([tinyPng.subarray(0, 16), bytes])),
  garbage.map((bytes) => Buffer.concat([latin1("%PDF-1.7\n"), bytes])),
  garbage,
);

const leaf: fc.Arbitrary<Buffer> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        type: contentTypes,
        encoding: fc.constantFrom(...transferEncodings),
        flaw: fc.nat(20),
        body: content,
      })
      .map(({ type, encoding, flaw, body }) => {
        const [cte, encoded] = encodeBody(body, encoding, flaw);
        return bytesOf([
          type ? `Content-Type: ${type}\r\n` : "",
          cte !== null ? `Content-Transfer-Encoding: ${cte}\r\n` : "",
          "\r\n",
          encoded,
        ]);
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        type: fc.constantFrom(
          "application/pdf",
          "image/png",
          "image/jpeg",
          "application/octet-stream",
          "text/plain",
        ),
        name: fileNames,
        disposition,
        encoding: fc.constantFrom<TransferEncoding>(
          "base64",
          "base64",
          "base64 broken",
          "binary",
          "quoted-printable",
        ),
        flaw: fc.nat(20),
        body: attachmentBytes,
      })
      .map(({ type, name, disposition, encoding, flaw, body }) => {
        const [cte, encoded] = encodeBody(body, encoding, flaw);
        return bytesOf([
          `Content-Type: ${type}; name="${name}"\r\n`,
          disposition ? `Content-Disposition: ${disposition}\r\n` : "",
          cte !== null ? `Content-Transfer-Encoding: ${cte}\r\n` : "",
          "\r\n",
          encoded,
        ]);
      }),
  },
);

const boundaryForms = [
  "good",
  "good",
  "good",
  "no boundary parameter",
  "declared another",
  "never closed",
  "no delimiters",
  "empty",
  "unquoted with spaces",
  "very long",
  "not at line start",
] as const;

const multipartTypes = fc.constantFrom(
  "mixed",
  "mixed",
  "alternative",
  "related",
  "report; report-type=delivery-status",
  "signed",
  "digest",
  "x-unknown",
);

/** A multipart part of children (each a part with its headers), with a boundary kept or broken. */
function multipart(
  subtype: string,
  children: Buffer[],
  form: (typeof boundaryForms)[number],
  tag: number,
  preamble = "",
) {
  const boundary = form === "very long" ? `b${tag}${"x".repeat(400)}` : `=_b${tag}`;
  const declared =
    form === "no boundary parameter"
      ? ""
      : form === "declared another"
        ? '; boundary="not-this-one"'
        : form === "empty"
          ? '; boundary=""'
          : form === "unquoted with spaces"
            ? `; boundary=${boundary} x;y`
            : `; boundary="${boundary}"`;
  const delimiter = form === "not at line start" ? ` --${boundary}` : `\r\n--${boundary}`;
  const parts: Piece[] = [`Content-Type: multipart/${subtype}${declared}\r\n\r\n`, preamble];
  if (form !== "no delimiters") for (const child of children) parts.push(delimiter, "\r\n", child);
  else parts.push(...children);
  if (form !== "never closed" && form !== "no delimiters") parts.push(`${delimiter}--\r\n`);
  return bytesOf(parts);
}

const parts = new Map<number, fc.Arbitrary<Buffer>>();
/** A part of the mail: a leaf, or a multipart or attached mail of parts up to `depth` deep. */
function part(depth: number): fc.Arbitrary<Buffer> {
  if (depth <= 0) return leaf;
  const known = parts.get(depth);
  if (known) return known;
  const child = part(depth - 1);
  const made = fc.oneof(
    { weight: 3, arbitrary: leaf },
    {
      weight: 3,
      arbitrary: fc
        .record({
          subtype: multipartTypes,
          children: fc.array(child, { maxLength: 4 }),
          form: fc.constantFrom(...boundaryForms),
          tag: fc.nat(1_000_000),
          preamble: fc.oneof(
            fc.constant(""),
            fc.constant("This is a multi-part message.\r\n"),
            fc.constant("--\r\n--=_\r\n"),
          ),
        })
        .map(({ subtype, children, form, tag, preamble }) =>
          multipart(subtype, children, form, tag, preamble),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          child,
          fc.constantFrom("message/rfc822", "message/global", "message/rfc822; charset=x"),
        )
        .map(([inner, type]) =>
          bytesOf([
            `Content-Type: ${type}\r\n\r\nFrom: inner@visitor.test\r\nSubject: inner\r\n`,
            inner,
          ]),
        ),
    },
  );
  parts.set(depth, made);
  return made;
}

/** Nesting far past the parser's limits (50 multiparts, 3 attached mails), built in a loop. */
const deepNesting = fc
  .record({
    depth: fc.integer({ min: 10, max: 400 }),
    kind: fc.constantFrom("multipart", "attached mail", "alternating"),
    closed: fc.boolean(),
  })
  .map(({ depth, kind, closed }) => {
    let inner = utf8("Content-Type: text/plain\r\n\r\nAt the bottom.");
    for (let level = depth; level > 0; level -= 1) {
      const asMail = kind === "attached mail" || (kind === "alternating" && level % 2 === 0);
      inner = asMail
        ? bytesOf([`Content-Type: message/rfc822\r\n\r\nSubject: level ${level}\r\n`, inner])
        : bytesOf([
            `Content-Type: multipart/mixed; boundary="d${level}"\r\n\r\n--d${level}\r\n`,
            inner,
            closed ? `\r\n--d${level}--\r\n` : "",
          ]);
    }
    return inner;
  });

/**
 * A few senders, so that a subject's [LTA-…] sometimes names a conversation of theirs (which it
 * must never join), and now and then the demo admin's address, where our alerts go (its mail is
 * never a visitor's answer).
 */
const visitors = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      "amaka@visitor.test",
      "tunde.bakare@visitor.test",
      "ngozi@visitor.test",
      "chidi@example.ng",
      "zainab@example.ng",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("MAILER-DAEMON@mx.visitor.test", "postmaster@visitor.test"),
  },
  { weight: 1, arbitrary: fc.constant("admin@academy.test") },
);

const fromHeader = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          "Amaka Obi",
          '"Obi, Amaka"',
          encodedWord("Ṣadé Ọ̀gúnlẹ́yẹ"),
          "",
          "=?utf-8?Q?a=00b?=",
        ),
        visitors,
      )
      .map(([name, address]) => `From: ${name} <${address}>`),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      null,
      "From:",
      "From: <>",
      "From: undisclosed-recipients:;",
      "From: Team: amaka@visitor.test, ngozi@visitor.test;",
      "From: =?utf-8?B?broken <amaka@visitor.test>",
      "From: amaka@visitor.test, ngozi@visitor.test",
      'From: "unterminated <amaka@visitor.test>',
      "From: amaka\0@visitor.test",
      "From: <amaka@visitor.test\0>",
      "From: a@b@c",
      "From: @visitor.test",
      "From: amaka@",
      `From: <${"a".repeat(3_000)}@visitor.test>`,
      "From: amaka@visitor.test\r\nFrom: ngozi@visitor.test",
      "FROM :amaka@visitor.test",
    ),
  },
  {
    weight: 1,
    arbitrary: eightBit.map((bytes) => bytesOf(["From: ", bytes, " <amaka@visitor.test>"])),
  },
);

const subjectHeader = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom("Re: A question", "Fees", "", "Re: Re: Fwd:"),
        fc.option(fc.integer({ min: 1, max: 4_000 })),
      )
      .map(
        ([subject, reference]) =>
          `Subject: ${subject}${reference ? ` [LTA-${String(reference).padStart(7, "0")}]` : ""}`,
      ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      null,
      `Subject: ${encodedWord("Ọ̀rọ̀ nípa owó ₦")}`,
      "Subject: =?utf-8?Q?a=00b=0D=0Ac?=",
      `Subject: ${encodedWord("line one\r\nBcc: victim@example.com")}`,
      "Subject: =?x-unknown?B?!!!?=",
      "Subject: =?utf-8?B?unterminated",
      "Subject: =?utf-16?B?2D3eAA==?=",
      "Subject: one\r\nSubject: two",
      "Subject: folded\r\n\tover\r\n  three\r\n lines",
      "Subject: [LTA-99999999999999999999]",
      "Subject: [LTA-0000000]",
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: fc.oneof(nasty, fc.string({ maxLength: 1 })), maxLength: 200 })
      .map((text) => `Subject: ${text}`),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      { weight: 4, arbitrary: fc.constant("Subject: (long)") },
      longLine.map((text) => `Subject: ${text.slice(0, 300_000)}`),
    ),
  },
  { weight: 1, arbitrary: eightBit.map((bytes) => bytesOf(["Subject: ", bytes])) },
);

const messageIdHeader = fc.oneof(
  { weight: 6, arbitrary: fc.uuid().map((id) => `Message-ID: <${id}@visitor.test>`) },
  // A small pool: the same Message-ID comes again, with the same or another mail.
  { weight: 3, arbitrary: fc.nat(24).map((index) => `Message-ID: <again-${index}@visitor.test>`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      null,
      "Message-ID:",
      "Message-ID: <>",
      "Message-ID: no-brackets@visitor.test",
      "Message-ID: <a@visitor.test> <b@visitor.test>",
      `Message-ID: <${"m".repeat(600)}@visitor.test>`,
      "Message-ID: <nul\0@visitor.test>",
      "Message-ID: <\xff\xfe@visitor.test>",
      `Message-ID: ${encodedWord("<encoded@visitor.test>")}`,
      "Message-ID: <x@visitor.test>\r\nMessage-ID: <y@visitor.test>",
    ),
  },
);

const threadHeaders = fc.oneof(
  { weight: 4, arbitrary: fc.constant([]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.uuid(), fc.uuid())
      .map(([a, b]) => [
        `In-Reply-To: <${a}@127.0.0.1>`,
        `References: <${b}@127.0.0.1> <${a}@127.0.0.1>`,
      ]),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.constant(2), fc.constant(10), sizeBetween(100, 20_000))
      .map((count) => [
        `References: ${Array.from({ length: count }, (_, index) => `<00000000-0000-4000-8000-${String(index).padStart(12, "0")}@127.0.0.1>`).join("\r\n ")}`,
      ]),
  },
  { weight: 1, arbitrary: fc.constant(["In-Reply-To: <<<>>>", "References: \0\0\0"]) },
);

const automaticHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant([]) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ["Auto-Submitted: auto-replied"],
      ["Auto-Submitted: no"],
      ["Auto-Submitted: \0"],
      ["Precedence: bulk"],
      ["Precedence: junk"],
      ["X-Autoreply: yes"],
      ["X-Failed-Recipients: amaka@visitor.test"],
      ["Content-Type: multipart/report; report-type=delivery-status; boundary=x"],
    ),
  },
);

/** Headers past every sensible size: one huge header, thousands of headers, folds everywhere. */
const hugeHeaders = fc.oneof(
  sizeBetween(1_000, 400_000).map((size) => [`X-Huge: ${"h".repeat(size)}`]),
  sizeBetween(100, 20_000).map((count) =>
    Array.from({ length: count }, (_, index) => `X-Fuzz-${index}: ${index}`),
  ),
  sizeBetween(100, 30_000).map((count) => [`X-Folded: start${"\r\n x".repeat(count)}`]),
);

const brokenHeaderLines = fc.constantFrom(
  "NoColonHere",
  " leading continuation",
  ": empty name",
  "X-Nul\0: value",
  "X-8bit: \xff\xfe\x80",
  "Subject : spaced",
  "X-Bare-CR: a\rb",
  "MIME-Version: 9.9",
  "Content-Transfer-Encoding: base64",
  "Content-Type: text/plain; charset=utf-8\r\nContent-Type: text/html",
  "Date: Thu, 31 Feb 2026 25:61:61 +9999",
  "Reply-To: <>",
  "To: replies+00000000000000000000000000000000@academy.test",
  "Delivered-To: replies+zzzz@academy.test",
);

const bodyOf = fc.oneof(
  { weight: 8, arbitrary: part(3) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: garbage.map((bytes) => bytesOf(["\r\n", bytes])) },
);

/** Between the mail's headers and its body part's own (Content-Type…): nothing, or a break. */
const separators = ["", "", "", "", "", "\r\n", "\n", "\r\r"] as const;

/** Where in the mail a change is made, as a share of its length (not biased to the ends). */
const place = fc.noBias(fc.integer({ min: 0, max: 1_000_000 })).map((at) => at / 1_000_000);

type Mutation =
  | { kind: "cut" | "nul"; at: number }
  | { kind: "garbage"; at: number; bytes: Buffer }
  | { kind: "lf only" | "cr only" };

/** Changes to the finished mail's bytes: cut short, NULs or garbage put in, line ends changed. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("cut" as const), at: place }),
  fc.record({ kind: fc.constant("nul" as const), at: place }),
  fc.record({
    kind: fc.constant("garbage" as const),
    at: place,
    bytes: garbage,
  }),
  fc.record({ kind: fc.constantFrom("lf only" as const, "cr only" as const) }),
);

function mutate(raw: Buffer, changes: Mutation[]) {
  let bytes = raw;
  for (const change of changes) {
    if (!("at" in change)) {
      const lineEnd = change.kind === "lf only" ? "\n" : "\r";
      bytes = latin1(bytes.toString("latin1").replace(/\r\n/g, lineEnd));
      continue;
    }
    const at = Math.floor(change.at * bytes.length);
    const inserted = "bytes" in change ? change.bytes : Buffer.alloc(1 + (at % 7));
    bytes =
      change.kind === "cut"
        ? bytes.subarray(0, at)
        : Buffer.concat([bytes.subarray(0, at), inserted, bytes.subarray(at)]);
  }
  return bytes;
}

const recipients = fc.array(
  fc.oneof(
    fc.constant(FUZZ_INBOUND_ADDRESS),
    fc.stringMatching(/^[0-9a-f]{32}$/).map((token) => `replies+${token}@academy.test`),
    fc.constant("someone@elsewhere.test"),
  ),
  { minLength: 1, maxLength: 3 },
);

/** One generated mail, with its envelope. */
export type MailCase = {
  sender: string;
  recipients: string[];
  raw: Buffer;
  /** Sent on two connections at once: a retry racing the first delivery. */
  twice: boolean;
};

export const mailCase: fc.Arbitrary<MailCase> = fc
  .record({
    sender: fc.constantFrom("amaka@visitor.test", "", "bounces@mx.visitor.test"),
    recipients,
    from: fromHeader,
    subject: subjectHeader,
    messageId: messageIdHeader,
    thread: threadHeaders,
    automatic: automaticHeaders,
    huge: fc.oneof(
      { weight: 24, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: hugeHeaders },
    ),
    broken: fc.array(brokenHeaderLines, { maxLength: 3 }),
    to: fc.constantFrom(`To: ${FUZZ_INBOUND_ADDRESS}`, "To: undisclosed-recipients:;", null),
    separator: fc.constantFrom(...separators),
    body: bodyOf,
    mutations: fc.oneof(
      { weight: 4, arbitrary: fc.constant([] as Mutation[]) },
      { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 4 }) },
    ),
    twice: fc.nat(19).map((draw) => draw === 0),
  })
  .map((input) => {
    const headers: Piece[] = [];
    const add = (line: Piece | null) => {
      if (line !== null) headers.push(line, "\r\n");
    };
    add(input.from);
    add(input.to);
    add(input.subject);
    add(input.messageId);
    add("Date: Mon, 3 Nov 2025 09:12:00 +0100");
    add("MIME-Version: 1.0");
    for (const line of input.thread) add(line);
    for (const line of input.automatic) add(line);
    for (const line of input.broken) add(line);
    for (const line of input.huge ?? []) add(line);
    // The body part's own headers (Content-Type…) end the mail's header block, unless a
    // separator puts them in the body.
    const raw = bytesOf([...headers, input.separator, input.body]);
    return {
      sender: input.sender,
      recipients: input.recipients,
      raw: mutate(raw, input.mutations),
      twice: input.twice,
    };
  });

// --- A raw SMTP client --------------------------------------------------------------------------

export type Reply = { code: number; text: string };

/** One SMTP connection that reads whole (multi-line) replies in order. */
class SmtpConnection {
  private buffered = "";
  private lines: string[] = [];
  private replies: Reply[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  private ended: Error | null = null;

  private constructor(private socket: Socket) {
    socket.on("data", (chunk: Buffer) => this.read(chunk));
    const end = (error?: Error) => {
      this.ended ??= error ?? new Error("the listener closed the connection");
      for (const waiter of this.waiting.splice(0)) waiter.reject(this.ended);
    };
    socket.on("error", end);
    socket.on("close", () => end());
  }

  static async open(port: number) {
    const socket = connect({ port, host: "127.0.0.1" });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    const connection = new SmtpConnection(socket);
    const greeting = await connection.reply();
    if (greeting.code !== 220)
      throw new Error(`The listener greeted with ${greeting.code} ${greeting.text}`);
    const hello = await connection.command("EHLO fuzz.visitor.test");
    if (hello.code !== 250) throw new Error(`EHLO answered ${hello.code} ${hello.text}`);
    return connection;
  }

  get open() {
    return !this.ended;
  }

  private read(chunk: Buffer) {
    this.buffered += chunk.toString("latin1");
    let end = this.buffered.indexOf("\r\n");
    while (end >= 0) {
      const line = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 2);
      const match = line.match(/^(\d{3})([ -])(.*)$/s);
      this.lines.push(match?.[3] ?? line);
      if (!match || match[2] === " ") {
        const reply = { code: match ? Number(match[1]) : Number.NaN, text: this.lines.join(" | ") };
        this.lines = [];
        const waiter = this.waiting.shift();
        if (waiter) waiter.resolve(reply);
        else this.replies.push(reply);
      }
      end = this.buffered.indexOf("\r\n");
    }
  }

  /** The next whole reply, in the order they came. */
  reply(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no answer in ${ANSWER_TIMEOUT_MS / 1000} s`));
        this.socket.destroy();
      }, ANSWER_TIMEOUT_MS);
      this.waiting.push({
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  async write(bytes: Buffer | string) {
    await new Promise<void>((resolve, reject) =>
      this.socket.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  }

  async command(line: string) {
    await this.write(`${line}\r\n`);
    return this.reply();
  }

  /** One mail through MAIL FROM, RCPT TO and DATA: the first reply that is not the expected one, or DATA's. */
  async deliver(mail: MailCase): Promise<{ stage: string; reply: Reply }> {
    const sender = await this.command(`MAIL FROM:<${mail.sender}>`);
    if (sender.code !== 250) return { stage: "MAIL FROM", reply: sender };
    for (const recipient of mail.recipients) {
      const accepted = await this.command(`RCPT TO:<${recipient}>`);
      if (accepted.code !== 250) return { stage: "RCPT TO", reply: accepted };
    }
    const data = await this.command("DATA");
    if (data.code !== 354) return { stage: "DATA", reply: data };
    await this.write(dotStuffed(mail.raw));
    return { stage: "end of data", reply: await this.reply() };
  }

  /** Sends part of a mail, then drops the connection, as a sender that went away. */
  async abandon(mail: MailCase, sent: number) {
    await this.command(`MAIL FROM:<${mail.sender}>`);
    for (const recipient of mail.recipients) await this.command(`RCPT TO:<${recipient}>`);
    await this.command("DATA");
    await this.write(mail.raw.subarray(0, sent));
    this.socket.destroy();
  }

  async close() {
    if (this.ended) return;
    await this.command("QUIT").catch(() => undefined);
    this.socket.end();
  }

  /** Drops a connection in an unknown state (after a failed case). */
  destroy() {
    this.socket.destroy();
  }
}

/**
 * The mail as DATA carries it: every '.' that starts a line doubled (after any LF, as the
 * listener undoes it), then the final CRLF . CRLF.
 */
export function dotStuffed(raw: Buffer) {
  const pieces: Buffer[] = [];
  let from = 0;
  if (raw[0] === 0x2e) {
    pieces.push(latin1("."));
  }
  for (
    let at = raw.indexOf("\n.", 0, "latin1");
    at >= 0;
    at = raw.indexOf("\n.", at + 1, "latin1")
  ) {
    pieces.push(raw.subarray(from, at + 1), latin1("."));
    from = at + 1;
  }
  pieces.push(raw.subarray(from));
  const endsLine = raw.length >= 2 && raw[raw.length - 2] === 0x0d && raw[raw.length - 1] === 0x0a;
  pieces.push(latin1(endsLine ? ".\r\n" : "\r\n.\r\n"));
  return Buffer.concat(pieces);
}

// --- The phase ----------------------------------------------------------------------------------

/** What the listener answered one delivery: a code for the table, and why it fails if it does. */
type Answer = { key: string; problem: string | null };

function judge(result: { stage: string; reply: Reply }): Answer {
  const { stage, reply } = result;
  const key = Number.isNaN(reply.code) ? "not SMTP" : String(reply.code);
  if (stage !== "end of data")
    return { key: `${stage} ${key}`, problem: `${stage} answered ${key} ${reply.text}` };
  if (Number.isNaN(reply.code)) return { key, problem: `Not an SMTP reply: ${reply.text}` };
  if (reply.code === 451)
    return {
      key,
      problem: `451 with the database up: the mail could not be stored (${reply.text})`,
    };
  if (reply.code === 421)
    return { key, problem: `421: the listener gave up the session (${reply.text})` };
  if (!/^(2|4|5)\d\d$/.test(key))
    return { key, problem: `Not a final answer: ${key} ${reply.text}` };
  return { key, problem: null };
}

export type MailPhase = {
  port: number;
  server: AppServer;
  runs: number;
  seed: number;
  /** A stack frame in the server's log, as Node prints it or a JSON log escapes it. */
  stackFrame: RegExp;
};

export type MailResult = {
  answers: Map<string, number>;
  failing: number;
  failure?: string;
  /** Message-IDs the run expects stored (the final well-formed mail) and never stored (abandoned). */
  expectStored: string[];
  expectAbsent: string[];
  seconds: number;
  /** The generated mail the listener took longest to answer. */
  slowest: { seconds: number; bytes: number; index: number };
};

/** Two connections, opened again when the listener closed one. */
class Senders {
  private connections: (SmtpConnection | null)[] = [null, null];
  constructor(private port: number) {}
  async get(index: 0 | 1) {
    const current = this.connections[index];
    if (current?.open) return current;
    const opened = await SmtpConnection.open(this.port);
    this.connections[index] = opened;
    return opened;
  }
  drop(index: 0 | 1) {
    this.connections[index]?.destroy();
    this.connections[index] = null;
  }
  async close() {
    await Promise.all(this.connections.map((connection) => connection?.close()));
  }
}

async function sendOne(senders: Senders, index: 0 | 1, mail: MailCase): Promise<Answer> {
  try {
    const connection = await senders.get(index);
    const answer = judge(await connection.deliver(mail));
    if (answer.problem) senders.drop(index);
    return answer;
  } catch (error) {
    senders.drop(index);
    return {
      key: "no answer",
      problem: `No answer: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

async function sendCase(phase: MailPhase, senders: Senders, mail: MailCase) {
  const logStart = phase.server.log().length;
  const started = performance.now();
  const answers = mail.twice
    ? await Promise.all([sendOne(senders, 0, mail), sendOne(senders, 1, mail)])
    : [await sendOne(senders, 0, mail)];
  const seconds = (performance.now() - started) / 1000;
  // Give the server a moment to finish what it logs for this mail.
  await new Promise((resolve) => setTimeout(resolve, 2));
  const log = phase.server.log().slice(logStart, logStart + 3000);
  let problem = answers.find((answer) => answer.problem)?.problem ?? null;
  if (phase.server.exited()) problem = `The server stopped (${phase.server.exited()}):\n${log}`;
  else if (!problem && phase.stackFrame.test(log)) problem = `A stack trace in the log:\n${log}`;
  else if (problem) problem = `${problem}\nThe server logged:\n${log}`;
  return { answers, problem, seconds };
}

function describeMail(mail: MailCase) {
  const head = mail.raw.subarray(0, 1_500).toString("latin1");
  return `${mail.twice ? "sent twice at once, " : ""}MAIL FROM:<${mail.sender}> RCPT TO:${mail.recipients.join(",")}, ${mail.raw.length} bytes:\n    ${JSON.stringify(head)}${mail.raw.length > 1_500 ? "…" : ""}`;
}

/** Keeps a failing mail as a file, to send again by hand (e.g. with swaks --data). */
async function keepMail(mail: MailCase, name: string) {
  const file = path.resolve(".tmp", name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, mail.raw);
  return file;
}

/** A well-formed mail from a visitor, of this type and body. */
const mailOf = (messageId: string, contentType: string, body: Piece[]): MailCase => ({
  sender: "amaka@visitor.test",
  recipients: [FUZZ_INBOUND_ADDRESS],
  twice: false,
  raw: bytesOf([
    "From: Amaka Obi <amaka@visitor.test>\r\n",
    `To: ${FUZZ_INBOUND_ADDRESS}\r\n`,
    "Subject: Still there?\r\n",
    `Message-ID: ${messageId}\r\n`,
    "MIME-Version: 1.0\r\n",
    `Content-Type: ${contentType}\r\n\r\n`,
    ...body,
  ]),
});

const wellFormed = (messageId: string, extra: Piece[] = []) =>
  mailOf(messageId, "text/plain; charset=utf-8", [
    "Hello, is the weekend class still open?\r\n",
    ...extra,
  ]);

/** A well-formed mail with one PDF attached, as a phone's mail app sends it. */
const withPdf = (messageId: string, pdf: Buffer) =>
  mailOf(messageId, 'multipart/mixed; boundary="part"', [
    "--part\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHere is my statement.\r\n",
    "--part\r\nContent-Type: application/pdf\r\n",
    'Content-Disposition: attachment; filename="statement.pdf"\r\n',
    "Content-Transfer-Encoding: base64\r\n\r\n",
    `${pdf.toString("base64").replace(/.{76}/g, "$&\r\n")}\r\n`,
    "--part--\r\n",
  ]);

/**
 * The phase: `runs` generated mails over SMTP (the first failing one replayed and shrunk), then
 * fixed cases: a mail with a PDF that unpacks to 200 MB (250, its file listed as not kept), a mail
 * over the size limit (552), two deliveries dropped halfway through DATA,
 * and last a well-formed mail on a new connection, which must be answered 250 and be stored.
 */
export async function fuzzMail(phase: MailPhase): Promise<MailResult> {
  const started = Date.now();
  const answers = new Map<string, number>();
  const count = (answer: Answer) => answers.set(answer.key, (answers.get(answer.key) ?? 0) + 1);
  const senders = new Senders(phase.port);
  let failing = 0;
  let slowest = { seconds: 0, bytes: 0, index: 0 };
  let firstFailure: number | undefined;
  let index = 0;
  const fixedProblems: string[] = [];
  const expectAbsent: string[] = [];
  const expectStored: string[] = [];
  const stamp = `${phase.seed}-${Date.now().toString(36)}`;
  try {
    await fc.check(
      fc.asyncProperty(mailCase, async (mail) => {
        const { answers: received, problem, seconds } = await sendCase(phase, senders, mail);
        for (const answer of received) count(answer);
        if (seconds > slowest.seconds) slowest = { seconds, bytes: mail.raw.length, index };
        if (problem) {
          failing += 1;
          firstFailure ??= index;
        }
        index += 1;
      }),
      { numRuns: phase.runs, seed: phase.seed },
    );

    // Fixed cases: a PDF that unpacks to 200 MB (it ended the process: issue 40), one over the
    // size limit, then two senders who go away in the middle of DATA.
    const bombId = `<pdf-bomb-${stamp}@visitor.test>`;
    const bomb = await sendOne(senders, 0, withPdf(bombId, await pdfBomb()));
    count(bomb);
    if (bomb.key !== "250")
      fixedProblems.push(`A mail with a PDF bomb was answered ${bomb.key}, not 250`);
    else expectStored.push(bombId);
    const oversized = wellFormed(`<oversized-${stamp}@visitor.test>`, [
      Buffer.alloc(MAX_MAIL_BYTES + 1024, "a"),
    ]);
    const tooLarge = await sendOne(senders, 0, oversized);
    count(tooLarge);
    if (tooLarge.key !== "552")
      fixedProblems.push(
        `A mail over ${MAX_MAIL_BYTES} bytes was answered ${tooLarge.key}, not 552`,
      );
    for (const [name, fraction] of [
      ["halfway", 0.5],
      ["before the final dot", 1],
    ] as const) {
      const messageId = `<abandoned-${name.replaceAll(" ", "-")}-${stamp}@visitor.test>`;
      const mail = wellFormed(messageId);
      const connection = await SmtpConnection.open(phase.port);
      await connection.abandon(mail, Math.floor(mail.raw.length * fraction));
      expectAbsent.push(messageId);
    }
  } catch (error) {
    fixedProblems.push(
      `The fixed cases failed: ${error instanceof Error ? error.stack : String(error)}`,
    );
  } finally {
    await senders.close();
  }

  // Last, on a new connection: the listener still answers a well-formed mail, and stores it.
  const finalId = `<final-${stamp}@visitor.test>`;
  const finalSenders = new Senders(phase.port);
  const final = await sendOne(finalSenders, 0, wellFormed(finalId));
  await finalSenders.close();
  count(final);
  if (final.key !== "250")
    fixedProblems.push(
      `The final well-formed mail was answered ${final.key}: ${final.problem ?? ""}`,
    );
  if (phase.server.exited()) fixedProblems.push(`The server stopped (${phase.server.exited()})`);

  let failure: string | undefined;
  if (firstFailure !== undefined) {
    const replay = new Senders(phase.port);
    let failed: MailCase | undefined;
    const details = await fc.check(
      fc.asyncProperty(mailCase, async (mail) => {
        const { problem } = await sendCase(phase, replay, mail);
        if (problem) {
          failed = mail;
          throw new Error(problem);
        }
      }),
      { seed: phase.seed, path: String(firstFailure), interruptAfterTimeLimit: 20_000 },
    );
    await replay.close();
    const [counterexample] = details.counterexample ?? [];
    const shown = counterexample ?? failed;
    const file = shown
      ? await keepMail(shown, `fuzz-mail-${phase.seed}-${firstFailure}.eml`)
      : null;
    const error = details.errorInstance;
    failure = details.failed
      ? [
          `inbound mail: case ${firstFailure} failed (seed ${phase.seed}); shrunk in ${details.numShrinks} steps to:`,
          `  ${shown ? describeMail(shown) : "(none)"}`,
          `  the whole mail: ${file}`,
          `  ${String(error instanceof Error ? error.message : error).replaceAll("\n", "\n  ")}`,
        ].join("\n")
      : `inbound mail: case ${firstFailure} failed once but not when replayed (seed ${phase.seed})`;
  }
  if (fixedProblems.length) {
    failing += fixedProblems.length;
    failure = [failure, ...fixedProblems.map((problem) => `inbound mail: ${problem}`)]
      .filter(Boolean)
      .join("\n");
  }
  return {
    answers,
    failing,
    failure,
    expectStored: [...expectStored, finalId],
    expectAbsent,
    seconds: (Date.now() - started) / 1000,
    slowest,
  };
}

/** How the listener's 'Mail received' lines classed the mails it answered 250 (from the server's log). */
export function mailOutcomes(log: string) {
  const outcomes = new Map<string, number>();
  for (const line of log.split("\n")) {
    if (!line.includes('"msg":"Mail received"')) continue;
    try {
      const entry = JSON.parse(line) as { outcome?: string };
      const outcome = entry.outcome ?? "?";
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    } catch {
      // A line split by output on stderr: not counted.
    }
  }
  return outcomes;
}

export function printMailTable(result: MailResult, outcomes: Map<string, number>) {
  const total = [...result.answers.values()].reduce((sum, value) => sum + value, 0);
  const keys = [...result.answers.keys()].sort();
  console.log(
    `\nInbound mail over SMTP: ${total} deliveries (${result.seconds.toFixed(1)} s, ${(total / result.seconds).toFixed(0)}/s); answers to DATA:`,
  );
  console.log(`  ${keys.map((key) => `${key}: ${result.answers.get(key)}`).join("  ")}`);
  console.log(
    `  slowest: case ${result.slowest.index}, ${result.slowest.bytes.toLocaleString("en")} bytes, answered in ${result.slowest.seconds.toFixed(2)} s`,
  );
  console.log(
    `  answered 250 as: ${[...outcomes.entries()].map(([key, value]) => `${key} ${value}`).join(", ") || "(none logged)"}`,
  );
}
