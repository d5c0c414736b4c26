import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import metadata from "libphonenumber-js/metadata.max.json";

/*
 * Writes app/lib/text/nigerian-phone-metadata.ts: Nigeria's entry of libphonenumber-js's
 * metadata alone (under 1 KB instead of 157 KB), which the public form's schema downloads
 * (decision 0060). Run after upgrading libphonenumber-js: `npx tsx scripts/nigerian-phone-metadata.ts`;
 * tests/unit/phone-number.test.ts fails while the file is behind the package.
 */

export const nigerianPhoneMetadataFile = fileURLToPath(
  new URL("../app/lib/text/nigerian-phone-metadata.ts", import.meta.url),
);

/** Nigeria's metadata as libphonenumber-js/core takes it. */
export const nigerianPhoneMetadata = () => ({
  version: metadata.version,
  country_calling_codes: { "234": ["NG"] },
  countries: { NG: metadata.countries.NG },
  nonGeographic: {},
});

// Then `npx biome format --write` on the file, as on any other.
if (process.argv[1] === fileURLToPath(import.meta.url))
  writeFileSync(
    nigerianPhoneMetadataFile,
    [
      'import type { MetadataJson } from "libphonenumber-js/core";',
      "",
      "// Written by scripts/nigerian-phone-metadata.ts from libphonenumber-js: do not edit.",
      `export const nigerianPhoneMetadata = ${JSON.stringify(nigerianPhoneMetadata())} as unknown as MetadataJson;`,
      "",
    ].join("\n"),
  );
