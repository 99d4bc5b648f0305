/**
 * `npm run backup -- FILE`: an online backup of DATA_DIR's database to FILE, taken while the
 * server runs. Restore: stop the server, put FILE in place as DATA_DIR/helpdesk.db (removing any
 * helpdesk.db-wal and -shm beside it), start the server.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DB_FILE_NAME } from './db/database.ts';
import { backupTo } from './db/backups.ts';
import { settingsFromEnv } from './settings.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
const settings = settingsFromEnv();
const source = new DatabaseSync(path.join(settings.dataDir, DB_FILE_NAME), { readOnly: true });
const started = performance.now();
await backupTo(source, target);
source.close();
console.log(`Backed up ${path.join(settings.dataDir, DB_FILE_NAME)} to ${path.resolve(target)} in ${Math.round(performance.now() - started)} ms.`);
