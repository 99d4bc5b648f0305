/**
 * `npm run demo -- --tickets N` (default 200): fills an EMPTY database with a realistic
 * helpdesk and prints the accounts. Refuses, changing nothing, when there is data already.
 */
import { openDatabase } from './db/database.ts';
import { DEMO_PASSWORD } from './demo-data.ts';
import { fillDemo, isEmptyForDemo } from './demo-fill.ts';
import { settingsFromEnv } from './settings.ts';

const DEFAULT_DEMO_TICKETS = 200;
const MAX_DEMO_TICKETS = 1_000_000;

function ticketCount(argv: string[]): number {
  const index = argv.findIndex((arg) => arg === '--tickets' || arg.startsWith('--tickets='));
  if (index < 0) return DEFAULT_DEMO_TICKETS;
  const raw = argv[index]!.includes('=') ? argv[index]!.split('=')[1] : argv[index + 1];
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > MAX_DEMO_TICKETS) throw new Error(`--tickets needs a whole number up to 1,000,000, got "${raw}"`);
  return count;
}

const settings = settingsFromEnv();
const tickets = ticketCount(process.argv.slice(2));
const db = openDatabase(settings.dataDir);
if (!isEmptyForDemo(db)) {
  console.log(`The database in ${settings.dataDir} already has data, so the demo leaves it alone.`);
  console.log('To start over: stop the server, move or delete that folder, then run `npm run demo` again.');
  db.close();
  process.exit(1);
}
// Bulk fill: a bigger page cache (the default 2 MB thrashes across a dozen indexes and the
// search index) and WAL's NORMAL sync (durable at each checkpoint; a crash loses at most the
// last batches, never the file's consistency). The server opens its own connection as usual.
db.exec(`PRAGMA cache_size = -${Number(process.env.DEMO_CACHE_MB ?? 256) * 1024}`);
db.exec(`PRAGMA synchronous = ${process.env.DEMO_SYNC ?? 'NORMAL'}`);
const started = performance.now();
const noAccounts = Number((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n) === 0;
const admin = noAccounts
  ? { email: settings.adminEmail, first_name: settings.adminFirstName, last_name: settings.adminLastName, password: settings.adminPassword ?? DEMO_PASSWORD }
  : undefined;
const accounts = await fillDemo(db, { tickets, scryptCost: settings.scryptCost, admin });
db.close();
console.log(`Demo data written to ${settings.dataDir}: ${tickets} tickets in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
console.log(`Demo accounts sign in with the password: ${DEMO_PASSWORD}`);
if (admin && settings.adminPassword) console.log(`(${admin.email} uses ADMIN_PASSWORD.)`);
for (const account of accounts) console.log(`  ${account.role.padEnd(10)} ${account.email.padEnd(24)} ${account.name}`);
