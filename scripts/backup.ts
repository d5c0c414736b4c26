// `npm run backup [-- FILE]`: one file holding the database and the uploaded files
// (scripts/backup-archive.ts). Default FILE: backups/academy-<UTC time>.tar.gz.
import path from "node:path";
import { BackupRefused, backupTargetFromEnv, createBackup } from "./backup-archive";

async function main() {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(process.argv[2] ?? path.join("backups", `academy-${stamp}.tar.gz`));
  const manifest = await createBackup(backupTargetFromEnv(), file, (line) => console.log(line));
  console.log(`Backup written: ${file} (${manifest.engine}, ${manifest.files} files)`);
}

main().catch((error) => {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exit(1);
});
