import { scriptHash } from "./content-security-policy.server";

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
 * the document has the scripts React rendered, in their places. The script it makes runs
 * because the page's policy lists the bootstrap's hash.
 */
const RELEASE = [
  "document.currentScript.remove();",
  'addEventListener("load", () => {',
  `const held = document.querySelector('script[type="${HELD_TYPE}"]');`,
  'const bootstrap = document.createElement("script");',
  'bootstrap.type = "module";',
  "bootstrap.textContent = held.textContent;",
  "held.replaceWith(bootstrap);",
  "});",
].join("");

/**
 * The document with React Router's bootstrap held until the page has loaded and its module
 * preloads dropped; a document without the bootstrap (none was rendered) is left as it is. The
 * held block keeps none of the script's attributes: `async` is not allowed on a data block.
 */
export function holdScriptsUntilLoaded(html: string): string {
  let held = false;
  const withBootstrapHeld = html.replace(MODULE_SCRIPT, (script, _before, _after, body: string) => {
    if (held || !body.includes(BOOTSTRAP_MARK)) return script;
    held = true;
    return `<script>${RELEASE}</script><script type="${HELD_TYPE}">${body}</script>`;
  });
  return held ? withBootstrapHeld.replace(MODULE_PRELOAD, "") : html;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const TYPE = /\btype="([^"]*)"/;
/** Script types the browser runs, and the held bootstrap, which the release script runs. */
const RUN_TYPES = new Set(["", "module", "text/javascript", HELD_TYPE]);

/**
 * The CSP hash of every inline script the document runs (external ones come from our own
 * origin). Data blocks such as JSON-LD never run and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes)) continue;
    if (RUN_TYPES.has(TYPE.exec(attributes)?.[1] ?? "")) hashes.add(scriptHash(body));
  }
  return [...hashes];
}
