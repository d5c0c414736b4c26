// `tsx tests/support/demo-data-main.ts FOLDER`: FOLDER made a copy of the seeded demo data (see
// demo-data.ts), for a server that Playwright starts itself (playwright.config.ts).
import { copyOfDemoData } from "./demo-data";

const [folder] = process.argv.slice(2);
if (!folder) throw new Error("Usage: tsx tests/support/demo-data-main.ts FOLDER");
await copyOfDemoData(folder);
