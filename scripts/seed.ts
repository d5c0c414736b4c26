// `npm run db:seed`: fills an empty database with the demo catalogue (courses, cover images,
// brochures). A database that already has courses is left untouched.
import { seedDemoContent } from "../app/features/demo/seed.server";
import { courseAssets } from "../app/lib/infra/storage/index.server";
import { openScriptDatabase } from "./script-database";

async function main() {
  const handle = await openScriptDatabase();
  try {
    // The app's own storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/storage.
    const result = await seedDemoContent(handle.db, courseAssets(), {
      log: (line) => console.log(line),
    });
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
