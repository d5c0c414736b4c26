import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScriptNonce } from "~/lib/http/content-security-policy.server";
import {
  compressPage,
  type Encoding,
  pageBytes,
  splitAtNonce,
} from "../../server/precompressed-page.server";

/**
 * A kept page compressed once, each answer's nonce put in as stored blocks
 * (server/precompressed-page.server.ts): every answer must decode to the page with its nonce.
 */

const decoders: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

/** A page shaped like the site's: prices, repeated cards, inline scripts carrying the nonce. */
function pageWith(nonce: string, cards = 30) {
  const card = (index: number) =>
    `<li class="card"><a href="/course/course-${index}">Course ${index}</a><span>₦${(index + 1) * 25_000}</span></li>`;
  return [
    `<!DOCTYPE html><html lang="en-NG"><head><link nonce="${nonce}" rel="icon" href="/favicon.svg"/></head>`,
    `<body><main><ul>${Array.from({ length: cards }, (_, index) => card(index)).join("")}</ul></main>`,
    `<script nonce="${nonce}">window.__reactRouterContext = {"url":"/courses"};</script>`,
    `<script nonce="${nonce}" type="text/x-held-module">import("/assets/entry.client.js");</script>`,
    `<script nonce="${nonce}">enqueue("[\\"Course 1\\",\\"₦25,000\\"]");</script></body></html>`,
  ].join("");
}

/** Control characters but tab, line feed and carriage return: what the stand-ins are made of. */
function withoutStandInBytes(text: string) {
  return [...text].every((character) => {
    const code = character.codePointAt(0) ?? 0;
    return code >= 0x20 || code === 0 || code === 0x09 || code === 0x0a || code === 0x0d;
  });
}

function expectEveryAnswerDecodes(html: string, renderedNonce: string, nonces: string[]) {
  const page = splitAtNonce(html, renderedNonce);
  return compressPage(page, renderedNonce).then(() => {
    expect(page.compressed, "compressed").toBeDefined();
    for (const nonce of nonces) {
      const expected = html.replaceAll(renderedNonce, nonce);
      expect(pageBytes(page, nonce).toString()).toBe(expected);
      for (const encoding of ["br", "gzip"] as const) {
        expect(decoders[encoding](pageBytes(page, nonce, encoding)).toString(), encoding).toBe(
          expected,
        );
      }
    }
    return page;
  });
}

describe("a page compressed once", () => {
  it("decodes, in brotli and gzip, to the page with each answer's own nonce", async () => {
    const rendered = createScriptNonce();
    const nonces = Array.from({ length: 20 }, createScriptNonce);
    const page = await expectEveryAnswerDecodes(pageWith(rendered), rendered, nonces);
    // Compressed about as well as the page compressed whole.
    const size = Buffer.byteLength(pageWith(rendered));
    expect(pageBytes(page, nonces[0] ?? "", "br").length).toBeLessThan(size / 5);
  });

  it("decodes for any page text between the nonces, nonces side by side included", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: "grapheme", maxLength: 300 }).filter(withoutStandInBytes), {
          minLength: 1,
          maxLength: 12,
        }),
        async (texts) => {
          const rendered = createScriptNonce();
          // A document starts with its doctype, never with a nonce.
          const html = `<!DOCTYPE html>${texts.join(rendered)}`;
          await expectEveryAnswerDecodes(html, rendered, [
            createScriptNonce(),
            createScriptNonce(),
          ]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("takes up to 36 nonces; a page with more is sent as it is, for compression per answer", async () => {
    const rendered = createScriptNonce();
    const many = (count: number) =>
      Array.from({ length: count + 1 }, (_, index) => `<p>part ${index}</p>`).join(rendered);
    await expectEveryAnswerDecodes(many(36), rendered, [createScriptNonce()]);

    const tooMany = splitAtNonce(many(37), rendered);
    await compressPage(tooMany, rendered);
    expect(tooMany.compressed).toBeUndefined();
    const nonce = createScriptNonce();
    expect(pageBytes(tooMany, nonce, "br").toString()).toBe(many(37).replaceAll(rendered, nonce));
  });

  it("is left uncompressed when it holds a byte the stand-ins use, or its nonce has another shape", async () => {
    const rendered = createScriptNonce();
    const withControl = splitAtNonce(`<p>a\u0007b</p>${rendered}<p>c</p>`, rendered);
    await compressPage(withControl, rendered);
    expect(withControl.compressed).toBeUndefined();

    const shortNonce = "abc123";
    const other = splitAtNonce(`<p>a</p>${shortNonce}<p>b</p>`, shortNonce);
    await compressPage(other, shortNonce);
    expect(other.compressed).toBeUndefined();
  });
});
