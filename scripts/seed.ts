// `npm run db:seed`: fills an empty database with the demo catalogue (courses, cover images,
// brochures). A database that already has courses is left untouched.
import path from "node:path";
import { seedDemoContent } from "../app/features/demo/seed.server";
import { localDiskStorage } from "../app/lib/storage/local-disk.server";
import { COURSE_ASSETS_BUCKET } from "../app/lib/storage/storage.server";
import { openScriptDatabase, scriptDataDir } from "./script-database";

async function main() {
  const storageRoot = path.resolve(scriptDataDir(), "storage");
  console.log(`Files: ${path.join(storageRoot, COURSE_ASSETS_BUCKET)}`);
  const handle = await openScriptDatabase();
  try {
    const storage = localDiskStorage(storageRoot, COURSE_ASSETS_BUCKET);
    const result = await seedDemoContent(handle.db, storage, { log: (line) => console.log(line) });
    console.log(
      result.seeded
        ? `Done: ${result.courses} demo courses added.`
        : `Nothing to do: the database already has ${result.courses} course(s).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
