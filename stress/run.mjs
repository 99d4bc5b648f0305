/**
 * `npm run stress` (issue 10, design.md#operations): the audit's attacks as a suite outside `npm test`,
 * printing figures. Parts: fuzz, crash, flood, load, slow. Run all, or name some:
 *
 *   npm run stress                         # everything (about 5 minutes)
 *   npm run stress -- fuzz flood           # only those parts
 *   npm run stress -- load --seconds 20    # shorter load
 *   npm run stress -- --requests 20000 --cycles 50 --seed 7 --connections 200 --flood 1000
 *   (also --read-only-seconds, --warmup-seconds, --tickets, --write-share, --slow-seconds)
 *
 * Every server is a child process on a temporary DATA_DIR, reached only at 127.0.0.1 and ::1.
 * Results go to stress/results/latest.json. Exit code 1 when a target is missed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { killCycles } from './crash.mjs';
import { signInFlood } from './flood.mjs';
import { fuzz } from './fuzz.mjs';
import { ROOT } from './lib.mjs';
import { mixedLoad } from './load.mjs';
import { slowClients } from './slow.mjs';

const PARTS = ['fuzz', 'crash', 'flood', 'load', 'slow'];

function parseArgs(argv) {
  const options = { parts: [], requests: 10_000, seed: 20261122, cycles: 50, flood: 1000, connections: 200, seconds: 60, readOnlySeconds: 15, tickets: 10_000, writeShare: 0.02, slowSeconds: 20, warmupSeconds: 5 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (PARTS.includes(arg)) options.parts.push(arg);
    else if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=');
      const value = inline ?? argv[++i];
      const key = name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
      if (!(key in options) || key === 'parts' || !Number.isFinite(Number(value))) throw new Error(`unknown option or value: ${arg} ${value ?? ''}`);
      options[key] = Number(value);
    } else throw new Error(`unknown part "${arg}"; parts are ${PARTS.join(', ')}`);
  }
  if (options.parts.length === 0) options.parts = PARTS;
  return options;
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–');
const log = (line) => console.log(line);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const results = {
    when: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    options,
    loadAverageAtStart: os.loadavg(),
  };
  const rows = [];
  const misses = [];
  const row = (part, what, figure, target, ok) => {
    rows.push({ part, what, figure, target: target ?? '', ok: ok === undefined ? '' : ok ? 'ok' : 'MISSED' });
    if (ok === false) misses.push(`${part}: ${what}`);
  };
  const started = performance.now();

  for (const part of options.parts) {
    const partStarted = performance.now();
    (results.loadAverage ??= {})[part] = os.loadavg();
    log(`\n== ${part} (load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')})`);
    try {
      if (part === 'fuzz') {
        const r = (results.fuzz = await fuzz({ requests: options.requests, seed: options.seed, log }));
        row('fuzz', `hostile requests (seed ${r.seed}; ${fmt(r.raw)} raw HTTP)`, fmt(r.requests), '≥ 10,000', r.requests >= 10_000);
        row('fuzz', '5xx answers', fmt(r.fiveXX), '0', r.fiveXX === 0);
        row('fuzz', 'crashes (exit, or no answer after)', r.crashed ? '1' : '0', '0', !r.crashed);
        row('fuzz', 'answers leaking a stack or a file path', fmt(r.leaks), '0', r.leaks === 0);
        row('fuzz', 'answers leaking files (traversal)', fmt(r.traversal), '0', r.traversal === 0);
        row('fuzz', 'lines on the server’s stderr', fmt(r.stderrLines), '', undefined);
        row('fuzz', 'connections closed without an answer', fmt(Object.values(r.noAnswer).reduce((a, b) => a + b, 0)), '', undefined);
      } else if (part === 'crash') {
        const r = (results.crash = await killCycles({ cycles: options.cycles, seed: options.seed, log }));
        row('crash', 'kill -9 cycles under 8 concurrent writers', fmt(r.cycles), String(options.cycles), r.cycles === options.cycles && r.restartFailures === 0);
        row('crash', 'acknowledged writes (create / transition / edit)', `${fmt(r.acknowledged)} (${fmt(r.acknowledgedCreates)} / ${fmt(r.acknowledgedTransitions)} / ${fmt(r.acknowledgedEdits)})`, '', undefined);
        row('crash', 'lost acknowledged writes', fmt(r.lost), '0', r.lost === 0);
        row('crash', 'integrity_check failures', fmt(r.integrityFailures), '0', r.integrityFailures === 0);
        row('crash', 'server disagreeing with the file after restart', fmt(r.serverDisagreements), '0', r.serverDisagreements === 0);
        row('crash', 'writes in flight at a kill / of them committed', `${fmt(r.inFlightAtKill)} / ${fmt(r.inFlightCommitted)}`, '', undefined);
        row('crash', 'slowest restart', `${fmt(r.maxRestartMs)} ms`, '', undefined);
      } else if (part === 'flood') {
        const one = await signInFlood({ count: options.flood, spread: 'one-account', log });
        const many = await signInFlood({ count: options.flood, spread: 'many-accounts', log });
        results.flood = { oneAccount: one, manyAccounts: many };
        for (const r of [one, many]) {
          const label = r.spread === 'one-account' ? 'against the user’s own account' : 'over 1 e-mail each';
          row('flood', `real sign-in from 127.0.0.1 during ${fmt(r.count)} wrong ones from ::1 ${label} (cost ${r.scryptCost}), slowest of ${r.legitimateSignInMs.length}`, `${fmt(r.legitimateMaxMs)} ms`, '≤ 2,000 ms', r.legitimateMaxMs <= 2000);
          row('flood', '  …that sign-in succeeded / idle sign-in / ratio', `${r.legitimateAllOk ? 'yes' : 'NO'} / ${fmt(r.idleSignInMs)} ms / ${fmt(r.legitimateMaxMs / r.idleSignInMs, 1)}×`, 'yes', r.legitimateAllOk && !r.crashed);
          row('flood', '  …flood hashed (422) / refused at once (429) / took', `${fmt(r.floodHashed)} / ${fmt(r.floodRefused)} / ${fmt(r.floodSeconds, 1)} s`, '', undefined);
        }
      } else if (part === 'load') {
        const readOnly = options.readOnlySeconds > 0
          ? await mixedLoad({ connections: options.connections, seconds: options.readOnlySeconds, warmupSeconds: options.warmupSeconds, tickets: options.tickets, writeShare: 0, log })
          : undefined;
        const r = await mixedLoad({ connections: options.connections, seconds: options.seconds, warmupSeconds: options.warmupSeconds, tickets: options.tickets, writeShare: options.writeShare, log });
        results.load = { mixed: r, readOnly };
        const label = `${fmt(r.connections)} connections, ${fmt(r.seconds)} s, ${fmt(r.tickets)} tickets, ${fmt(options.writeShare * 100)}% writes`;
        row('load', `${label}: requests / errors`, `${fmt(r.requests)} / ${fmt(r.errors)}`, '0 errors', r.errors === 0 && !r.crashed);
        row('load', '  …req/s, p50 / p99 / max', `${fmt(r.rps)}, ${fmt(r.p50)} / ${fmt(r.p99)} / ${fmt(r.max)} ms`, '', undefined);
        row('load', '  …answers slower than 5 s', fmt(r.slowCount), '', undefined);
        if (r.warmup) row('load', `  …cold start before it (${fmt(r.warmup.seconds)} s, not counted): requests / errors / max`, `${fmt(r.warmup.requests)} / ${fmt(r.warmup.errors)} / ${fmt(r.warmup.max)} ms`, '', undefined);
        row('load', '  …server RSS before / max / end', `${fmt(r.rssBeforeMB)} / ${fmt(r.maxRssMB)} / ${fmt(r.lastRssMB)} MB`, '', undefined);
        if (readOnly) {
          row('load', `same, reads only, ${fmt(readOnly.seconds)} s: requests / errors`, `${fmt(readOnly.requests)} / ${fmt(readOnly.errors)}`, '0 errors', readOnly.errors === 0 && !readOnly.crashed);
          row('load', '  …req/s, p50 / p99, max RSS', `${fmt(readOnly.rps)}, ${fmt(readOnly.p50)} / ${fmt(readOnly.p99)} ms, ${fmt(readOnly.maxRssMB)} MB`, '', undefined);
        }
      } else if (part === 'slow') {
        const r = (results.slow = await slowClients({ seconds: options.slowSeconds, log }));
        const s = r.settings;
        row('slow', `normal reads beside ${fmt(r.slowConnections)} slow connections (headers ${s.headersTimeoutSeconds} s, request ${s.requestTimeoutSeconds} s, cap ${s.maxConnectionsPerAddress}): errors`, fmt(r.normal.errors), '0', r.normal.errors === 0 && !r.crashed);
        row('slow', '  …normal reads p50 / p99 (without slow clients)', `${fmt(r.normal.p50, 1)} / ${fmt(r.normal.p99, 1)} ms (${fmt(r.baseline?.p50, 1)} / ${fmt(r.baseline?.p99, 1)} ms)`, '', undefined);
        row('slow', '  …server RSS before / max while slow clients held', `${fmt(r.serverRss.beforeMB)} / ${fmt(r.serverRss.maxMB)} MB`, '', undefined);
        for (const [kind, k] of Object.entries(r.byKind)) {
          const answers = Object.entries(k.answers).map(([status, n]) => `${n}×${status}`).join(' ');
          row('slow', `  …${kind}: held max, closed by server${answers ? ', answers' : ''}`, `${fmt(k.heldMaxMs / 1000, 1)} s, ${k.closedByServer}/${k.connections}${answers ? ', ' + answers : ''}`, '', undefined);
        }
      }
    } catch (error) {
      results[part] = { error: String(error?.stack ?? error) };
      row(part, 'did not finish', String(error?.message ?? error).slice(0, 120), 'finishes', false);
    }
    log(`   (${part}: ${fmt((performance.now() - partStarted) / 1000, 1)} s)`);
  }

  results.seconds = (performance.now() - started) / 1000;
  results.misses = misses;
  results.table = rows;
  const dir = join(ROOT, 'stress/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'latest.json');
  let saved = results;
  // A run of some parts updates those parts of the last full run's file, keeping the others.
  if (options.parts.length < PARTS.length && existsSync(file)) {
    try {
      const previous = JSON.parse(readFileSync(file, 'utf8'));
      const kept = (previous.table ?? []).filter((r) => !options.parts.includes(r.part));
      saved = {
        ...previous,
        ...Object.fromEntries(options.parts.map((part) => [part, results[part]])),
        loadAverage: { ...previous.loadAverage, ...results.loadAverage },
        table: [...kept, ...rows],
        updated: { [options.parts.join(',')]: results.when, ...previous.updated },
      };
      saved.misses = [...(previous.misses ?? []).filter((m) => !options.parts.some((part) => m.startsWith(`${part}:`))), ...misses];
    } catch {
      saved = results;
    }
  }
  writeFileSync(file, JSON.stringify(saved, null, 2) + '\n');

  const widths = [5, Math.max(...rows.map((r) => r.what.length)), Math.max(...rows.map((r) => String(r.figure).length)), Math.max(...rows.map((r) => r.target.length)), 6];
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
  log(`\nStress figures (${fmt(results.seconds)} s; ${results.cpus} CPUs; load average at start ${results.loadAverageAtStart.map((n) => n.toFixed(1)).join(' ')})`);
  log(line(['part', 'what', 'figure', 'target', '']));
  for (const r of rows) log(line([r.part, r.what, r.figure, r.target, r.ok]));
  log(`\nJSON: stress/results/latest.json${misses.length ? `\nMissed: ${misses.join('; ')}` : ''}`);
  process.exitCode = misses.length ? 1 : 0;
}

await main();
