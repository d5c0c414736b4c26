// `npm run restore FILE`: puts a backup made by `npm run backup` back into an empty database
// and an empty storage folder (scripts/backup-archive.ts); it refuses anything else.
import path from "node:path";
import { BackupRefused, backupTargetFromEnv, restoreBackup } from "./backup-archive";

async function main() {
  const file = process.argv[2];
  if (!file) throw new BackupRefused("Usage: npm run restore FILE (a file made by npm run backup)");
  const manifest = await restoreBackup(backupTargetFromEnv(), path.resolve(file), (line) =>
    console.log(line),
  );
  console.log(`Restored the backup of ${manifest.createdAt}. Start the app as usual.`);
}

main().catch((error) => {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exit(1);
});
