/**
 * Backups under load (issue 20): `npm run backup` of a 100,000-ticket database, quiet and while
 * 10 tickets a second are written, beside SQLite's page-by-page backup (what we used before) under
 * the same writes; and how long a scheduled backup inside the server holds its event loop, as the
 * worst /api/health wait during one against the worst on an idle server in the same run.
 * Usage: npm run bench -- backup
 *
 * Settings (environment): BENCH_BACKUP_TICKETS (100000), BENCH_BACKUP_OLD_LIMIT_S (60).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { fmtMs, printTable, saveResults } from './report.mjs';

const TICKETS = Number(process.env.BENCH_BACKUP_TICKETS ?? 100_000);
const OLD_LIMIT_S = Number(process.env.BENCH_BACKUP_OLD_LIMIT_S ?? 60);
const WRITES_PER_SECOND = 10;
const HEALTH_EVERY_MS = 10;
const HEALTH_WINDOW_MS = 6000;
/** The old way: 256 pages a step, starting over whenever another connection writes. */
const STEPWISE = `import { backup, DatabaseSync } from 'node:sqlite';
const source = new DatabaseSync(process.argv[1], { readOnly: true });
await backup(source, process.argv[2], { rate: 256 });`;

/** Posts a ticket every 1/WRITES_PER_SECOND s until stopped; counts the acknowledged ones. */
function steadyWrites(url, token, body) {
  let writing = true;
  let acknowledged = 0;
  const done = (async () => {
    while (writing) {
      const paced = new Promise((resolve) => setTimeout(resolve, 1000 / WRITES_PER_SECOND));
      const res = await fetch(`${url}/api/tickets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status === 201) acknowledged++;
      await res.arrayBuffer();
      await paced;
    }
  })();
  return { stop: async () => ((writing = false), await done, acknowledged) };
}

/** Runs the old step-wise backup until it finishes or the limit passes; null when it never finished. */
function stepwiseBackup(source, target) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', STEPWISE, source, target], { stdio: 'ignore' });
    const limit = setTimeout(() => child.kill('SIGKILL'), OLD_LIMIT_S * 1000);
    child.on('exit', (code) => (clearTimeout(limit), resolve(code === 0 ? performance.now() - started : null)));
  });
}

/** Polls /api/health for `ms`; resolves with the slowest answer's time. */
async function worstHealthWait(url, ms) {
  let worst = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const t0 = performance.now();
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    worst = Math.max(worst, performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  return worst;
}

async function ticketBody(url, token) {
  const get = async (path) => (await (await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.list;
  const [category] = await get('/config/categories');
  const [service] = await get('/config/services');
  return { title: 'Written during a backup', description: 'Benchmark write.', priority: 'low', app: service.app, category_id: category.id, service_id: service.id };
}

export async function benchBackup() {
  const dataDir = tempDataDir();
  const env = { ...serverEnv(dataDir), LOG_FORMAT: 'off' };
  const source = join(dataDir, 'helpdesk.db');
  console.log(`\n— backup: ${TICKETS.toLocaleString('en')} tickets, writes at ${WRITES_PER_SECOND}/s`);
  await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true });
  const app = await startListening('src/server/main.ts', env);
  const copy = (name) => join(dataDir, `${name}.db`);
  try {
    const token = await signIn(app.url);
    const body = await ticketBody(app.url, token);
    const quietMs = await run('src/server/backup.ts', [copy('quiet')], env, { quiet: true });
    let writes = steadyWrites(app.url, token, body);
    const loadedMs = await run('src/server/backup.ts', [copy('loaded')], env, { quiet: true });
    const duringNew = await writes.stop();
    writes = steadyWrites(app.url, token, body);
    const stepwiseMs = await stepwiseBackup(source, copy('stepwise'));
    const duringOld = await writes.stop();
    await stop(app.child);

    const idle = await startListening('src/server/main.ts', env);
    const idleWorst = await worstHealthWait(idle.url, HEALTH_WINDOW_MS / 2);
    await stop(idle.child);
    const backupDir = join(dataDir, 'scheduled');
    const scheduled = await startListening('src/server/main.ts', { ...env, BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: String(1 / 3600) });
    const backupWorst = await worstHealthWait(scheduled.url, HEALTH_WINDOW_MS);
    const taken = existsSync(backupDir) ? readdirSync(backupDir).filter((name) => name.endsWith('.db')).length : 0;
    await stop(scheduled.child);

    const result = { tickets: TICKETS, quietMs, loadedMs, ratio: loadedMs / quietMs, duringNew, stepwiseMs, duringOld, idleWorstMs: idleWorst, backupWorstMs: backupWorst, scheduledTaken: taken };
    const old = stepwiseMs === null ? `not finished in ${OLD_LIMIT_S} s` : fmtMs(stepwiseMs);
    printTable(`Backups at ${TICKETS.toLocaleString('en')} tickets`, ['what', 'figure'], [
      ['npm run backup, quiet (process start included)', fmtMs(quietMs)],
      [`npm run backup, ${WRITES_PER_SECOND} writes/s (${duringNew} written meanwhile)`, `${fmtMs(loadedMs)} (${result.ratio.toFixed(2)}× quiet)`],
      [`page-by-page backup, ${WRITES_PER_SECOND} writes/s (${duringOld} written meanwhile)`, old],
      ['worst /api/health wait, idle server', fmtMs(idleWorst)],
      [`worst /api/health wait, scheduled backups running (${taken} taken)`, `${fmtMs(backupWorst)} (${(backupWorst / idleWorst).toFixed(1)}× idle)`],
    ]);
    saveResults('backup', result);
  } finally {
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
