import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { finished } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { holdScriptsUntilLoaded, scriptsAfterLoad } from "~/lib/http/scripts-after-load.server";

/**
 * The scripts held until the page has loaded, on a document shaped as React Router and React render
 * it (the real pages are checked in a browser by tests/e2e/scripts-after-load.spec.ts).
 */

const NONCE = "Il7Od6rOWCg4ze5Kebah6g==";
const preload = (file: string) =>
  `<link rel="modulepreload" href="/assets/${file}" nonce="${NONCE}"/>`;
const BOOTSTRAP_BODY = [
  'import "/assets/manifest-77a71c29.js";',
  'import * as route0 from "/assets/root-myEgH_E5.js";',
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-nVtlceGr.js");',
].join("\n");
const BOOTSTRAP = `<script nonce="${NONCE}" type="module" async="">${BOOTSTRAP_BODY}</script>`;
const CONTEXT = `<script nonce="${NONCE}">window.__reactRouterContext = {"url":"/courses"};</script>`;
const OTHER_MODULE = `<script type="module" src="/assets/widget.js" nonce="${NONCE}"></script>`;

function documentWith(bootstrap: string) {
  return [
    '<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/><title>All Courses</title>',
    `<link nonce="${NONCE}" rel="icon" href="/favicon.svg" type="image/svg+xml"/>`,
    preload("entry.client-nVtlceGr.js"),
    preload("framework-CWP91HOa.js"),
    "<style>.price::before{content:'₦'}</style></head>",
    "<body><main><h1>All Courses</h1><p>From ₦250,000</p></main>",
    OTHER_MODULE,
    CONTEXT,
    bootstrap,
    "</body></html>",
  ].join("");
}

describe("holdScriptsUntilLoaded", () => {
  const held = holdScriptsUntilLoaded(documentWith(BOOTSTRAP), NONCE);

  it("drops every module preload", () => {
    expect(held).not.toMatch(/modulepreload/);
  });

  it("holds the bootstrap as a data block, its attributes and code unchanged", () => {
    expect(held).toContain(
      `<script nonce="${NONCE}" type="text/x-held-module" async="">${BOOTSTRAP_BODY}</script>`,
    );
    expect(held).not.toContain(`type="module" async=""`);
  });

  it("puts the script that releases it, with the page's nonce, just before it", () => {
    const release = /<script nonce="([^"]+)">([^<]*)<\/script><script[^>]*text\/x-held-module/.exec(
      held,
    );
    expect(release?.[1]).toBe(NONCE);
    expect(release?.[2]).toContain('addEventListener("load"');
    expect(release?.[2]).toContain('script[type="text/x-held-module"]');
  });

  it("leaves everything else as it was", () => {
    const expected = documentWith("RELEASE_AND_HELD")
      .replace(preload("entry.client-nVtlceGr.js"), "")
      .replace(preload("framework-CWP91HOa.js"), "");
    const [before, after] = expected.split("RELEASE_AND_HELD");
    expect(held.startsWith(before ?? "")).toBe(true);
    expect(held.endsWith(`${BOOTSTRAP_BODY}</script>${after}`)).toBe(true);
    expect(held).toContain(OTHER_MODULE);
    expect(held).toContain(CONTEXT);
  });

  it("leaves a document without React Router's bootstrap as it is, preloads included", () => {
    const page = documentWith("");
    expect(holdScriptsUntilLoaded(page, NONCE)).toBe(page);
  });
});

describe("scriptsAfterLoad", () => {
  it("gives the same document from a stream cut anywhere, multi-byte characters included", async () => {
    const page = documentWith(BOOTSTRAP);
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 100, bytes.length]) {
      const chunks = [];
      for (let start = 0; start < bytes.length; start += size) {
        chunks.push(bytes.subarray(start, start + size));
      }
      const sent = await text(scriptsAfterLoad(Readable.from(chunks), NONCE));
      expect(sent, `chunks of ${size} bytes`).toBe(holdScriptsUntilLoaded(page, NONCE));
    }
  });

  it("ends the page when the render fails, and stops the render when the visitor leaves", async () => {
    const failing = new PassThrough();
    const page = scriptsAfterLoad(failing, NONCE);
    failing.write("<!DOCTYPE html><html><body>");
    failing.destroy(new Error("render failed"));
    await expect(finished(page)).rejects.toThrow("render failed");

    const rendering = new PassThrough();
    scriptsAfterLoad(rendering, NONCE).destroy();
    await expect(finished(rendering)).rejects.toThrow("Premature close");
    expect(rendering.destroyed).toBe(true);
  });
});
