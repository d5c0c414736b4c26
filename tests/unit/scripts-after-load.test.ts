import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { holdScriptsUntilLoaded, inlineScriptHashes } from "~/lib/http/scripts-after-load.server";

/**
 * The scripts held until the page has loaded, on a document shaped as React Router and React render
 * it (the real pages are checked in a browser by tests/e2e/scripts-after-load.spec.ts).
 */

const preload = (file: string) => `<link rel="modulepreload" href="/assets/${file}"/>`;
const BOOTSTRAP_BODY = [
  'import "/assets/manifest-77a71c29.js";',
  'import * as route0 from "/assets/root-myEgH_E5.js";',
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-nVtlceGr.js");',
].join("\n");
const BOOTSTRAP = `<script type="module" async="">${BOOTSTRAP_BODY}</script>`;
const CONTEXT_BODY = 'window.__reactRouterContext = {"url":"/courses"};';
const CONTEXT = `<script>${CONTEXT_BODY}</script>`;
const OTHER_MODULE = `<script type="module" src="/assets/widget.js"></script>`;
const JSON_LD = '<script type="application/ld+json">{"@type":"Course"}</script>';

function documentWith(bootstrap: string) {
  return [
    '<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/><title>All Courses</title>',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    JSON_LD,
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
  const held = holdScriptsUntilLoaded(documentWith(BOOTSTRAP));

  it("drops every module preload", () => {
    expect(held).not.toMatch(/modulepreload/);
  });

  it("holds the bootstrap's code as a data block with no other attribute (async is not allowed there)", () => {
    expect(held).toContain(`<script type="text/x-held-module">${BOOTSTRAP_BODY}</script>`);
    expect(held).not.toContain(`type="module" async=""`);
    expect(held).not.toMatch(/<script[^>]*x-held-module[^>]*async/);
  });

  it("puts the script that releases it just before it", () => {
    const release = /<script>([^<]*)<\/script><script type="text\/x-held-module">/.exec(held);
    expect(release?.[1]).toContain('addEventListener("load"');
    expect(release?.[1]).toContain('script[type="text/x-held-module"]');
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
    expect(holdScriptsUntilLoaded(page)).toBe(page);
  });
});

describe("inlineScriptHashes", () => {
  const sha256 = (text: string) =>
    `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
  const held = holdScriptsUntilLoaded(documentWith(BOOTSTRAP));
  const release = /<script>([^<]*)<\/script><script type="text\/x-held-module">/.exec(held)?.[1];

  it("lists each inline script that runs: the router's context, the release script and the held bootstrap", () => {
    expect(inlineScriptHashes(held).sort()).toEqual(
      [sha256(CONTEXT_BODY), sha256(release ?? ""), sha256(BOOTSTRAP_BODY)].sort(),
    );
  });

  it("skips external scripts and data blocks that never run, and lists a repeated script once", () => {
    const hashes = inlineScriptHashes(`${OTHER_MODULE}${JSON_LD}${CONTEXT}${CONTEXT}`);
    expect(hashes).toEqual([sha256(CONTEXT_BODY)]);
  });

  it("hashes the bytes of the text, multi-byte characters included", () => {
    const naira = 'window.price = "₦250,000";';
    expect(inlineScriptHashes(`<script>${naira}</script>`)).toEqual([sha256(naira)]);
  });
});
