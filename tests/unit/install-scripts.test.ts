import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";

// npm blocks dependencies' install scripts unless package.json's `allowScripts` names them, and
// warns at every `npm install` about each one it has no word on. None of ours needs its script
// (esbuild and sharp ship prebuilt binaries as optional packages; vnu-jar's downloads a Java
// the README installs from Debian), so each is denied by name and a newcomer's install is quiet.
// npm reads every installed package's manifest: about 5 s alone here, more on a busy machine,
// where the unit project's 5 s default failed it.
it("every installed package with an install script is approved or denied in package.json", {
  timeout: 60_000,
}, async () => {
  const { stdout } = await promisify(execFile)("npm", ["install-scripts", "ls"]);
  expect(stdout.trim()).toBe("No packages with unreviewed install scripts.");
});
