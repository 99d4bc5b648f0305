/**
 * `npm run backup -- FILE`: an online backup of DATA_DIR's database to FILE, taken while the
 * server runs and writes. Restore: stop the server, put FILE in place as DATA_DIR/helpdesk.db
 * (removing any helpdesk.db-wal and -shm beside it), start the server.
 */
import path from 'node:path';
import { DB_FILE_NAME } from './db/database.ts';
import { backupTo, describeBackup } from './db/backups.ts';
import { settingsFromEnv } from './settings.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
const source = path.join(settingsFromEnv().dataDir, DB_FILE_NAME);
try {
  const written = await backupTo(source, target);
  console.log(`Backed up ${source} to ${written.file}: ${describeBackup(written)}.`);
} catch (error) {
  console.error(`Backup of ${source} to ${path.resolve(target)} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
