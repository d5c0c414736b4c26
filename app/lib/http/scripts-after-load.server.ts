import { pipeline, type Readable, Transform } from "node:stream";

/*
 * React Router starts the browser's code with one inline module script that imports the entry
 * and the page's route modules, plus a module preload per file (React hoists those into <head>).
 * The browser fetches all of them as soon as it reads the HTML, alongside the page's own bytes
 * and images: on slow 4G about 110 KB of scripts stand between the visitor and the complete page
 * (docs/decisions/0026). Here the preloads are dropped and the bootstrap is held as an inert
 * data block; a small script releases it once the page has loaded (painted, its images in).
 * The page's links and forms work before the code arrives.
 */

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/g;
/** What only React Router's bootstrap script sets. */
const BOOTSTRAP_MARK = "window.__reactRouterRouteModules";
const HELD_TYPE = "text/x-held-module";

/**
 * Runs where the bootstrap was held, then removes itself, so that by the time React hydrates
 * the document has the scripts React rendered, in their places. A script made by a script
 * runs when it carries the page's nonce.
 */
const RELEASE = [
  "document.currentScript.remove();",
  'addEventListener("load", () => {',
  `const held = document.querySelector('script[type="${HELD_TYPE}"]');`,
  'const bootstrap = document.createElement("script");',
  'bootstrap.type = "module";',
  "bootstrap.nonce = held.nonce;",
  "bootstrap.textContent = held.textContent;",
  "held.replaceWith(bootstrap);",
  "});",
].join("");

/**
 * The document with React Router's bootstrap held until the page has loaded and its module
 * preloads dropped; a document without the bootstrap (none was rendered) is left as it is.
 */
export function holdScriptsUntilLoaded(html: string, nonce: string): string {
  let held = false;
  const withBootstrapHeld = html.replace(
    MODULE_SCRIPT,
    (script, before: string, after: string, body: string) => {
      if (held || !body.includes(BOOTSTRAP_MARK)) return script;
      held = true;
      return `<script nonce="${nonce}">${RELEASE}</script><script${before}type="${HELD_TYPE}"${after}>${body}</script>`;
    },
  );
  return held ? withBootstrapHeld.replace(MODULE_PRELOAD, "") : html;
}

/**
 * `holdScriptsUntilLoaded` on a rendered stream. The document is sent once complete: the
 * site renders no Suspense boundary, so React writes the whole page at once anyway. A render
 * that fails, or a visitor who leaves, ends both streams.
 */
export function scriptsAfterLoad(rendered: Readable, nonce: string): Readable {
  return pipeline(rendered, holdingScripts(nonce), () => {});
}

function holdingScripts(nonce: string): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, holdScriptsUntilLoaded(Buffer.concat(chunks).toString("utf8"), nonce));
    },
  });
}
