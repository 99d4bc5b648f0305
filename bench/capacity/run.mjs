/**
 * `npm run bench:capacity [-- --steps 500,1000,2000] [--realistic] [--seconds S] [--tickets N] [--out FILE] [--no-bare] [--agents-per-process N]`
 * (issue 26): distinct accounts each holding an event stream and acting as the profile says
 * (profiles.mjs), with the real client's live rules, against the real server on a temporary
 * database and against a bare node:http server in the same run. Prints a table per step and
 * writes everything as JSON (bench/results/capacity-<profile>.json unless --out).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serverEnv, startListening, stop, tempDataDir } from '../processes.mjs';
import { saveResults } from '../report.mjs';
import { captureAnswers } from './answers.mjs';
import { printStep } from './print.mjs';
import { PROFILES } from './profiles.mjs';
import { addAgents, fillDatabase } from './setup.mjs';
import { AGENTS_PER_PROCESS, runStep } from './step.mjs';
import { openFilesLimit } from './proc.mjs';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '500,1000,2000' },
    realistic: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    tickets: { type: 'string', default: '100000' },
    out: { type: 'string' },
    'no-bare': { type: 'boolean', default: false },
    'agents-per-process': { type: 'string', default: String(AGENTS_PER_PROCESS) },
  },
});
const profileName = values.realistic ? 'realistic' : 'aggressive';
const profile = PROFILES[profileName];
const steps = values.steps.split(',').map(Number);
const tickets = Number(values.tickets);
const seconds = Number(values.seconds ?? (values.realistic ? 120 : 60));
const most = Math.max(...steps);
const perProcess = Number(values['agents-per-process']);
/** Every agent holds its stream and up to 2 request sockets, all from 127.0.0.1. */
const CONNECTIONS_PER_AGENT = 4;

const dataDir = tempDataDir();
const servers = [];
try {
  console.log(`\n— capacity (${profileName}): ${tickets.toLocaleString('en')} tickets, steps ${steps.join(', ')}, ${seconds} s each`);
  await fillDatabase(dataDir, tickets);
  const accounts = addAgents(dataDir, most);
  const env = {
    ...serverEnv(dataDir), SCRYPT_COST: '10', LOG_FORMAT: 'off',
    MAX_CONNECTIONS_PER_ADDRESS: String(most * CONNECTIONS_PER_AGENT + 100),
    ...(process.env.EVENTS_MAX_STREAMS && { EVENTS_MAX_STREAMS: process.env.EVENTS_MAX_STREAMS }),
  };
  const real = await startListening('src/server/main.ts', env);
  servers.push(real);
  // The server's capacity notices (streams or connections near their limit) are part of the result.
  real.child.stdout.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) if (/^(Connections|Event streams):/.test(line)) console.log(`server says: ${line}`);
  });
  // Each stream is a descriptor in the server (and its requests more): the limit it got says how many fit.
  const serverFiles = openFilesLimit(real.child.pid);
  // A stream and about one request socket per agent: below that the server closes idle connections or answers 503 (design.md#open-files).
  if (serverFiles < most * 2) console.log(`warning: the server may hold ${serverFiles.toLocaleString('en')} open files, fewer than ${(most * 2).toLocaleString('en')} for ${most.toLocaleString('en')} agents; raise the hard limit of the shell that runs the bench (ulimit -Hn, as root) to measure without that`);
  console.log(`server: open files limit ${serverFiles.toLocaleString('en')} (EVENTS_MAX_STREAMS ${env.EVENTS_MAX_STREAMS ?? 'default'}); load generator: up to ${perProcess.toLocaleString('en')} agents per process; load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}`);
  const answersFile = join(dataDir, 'bare-answers.json');
  writeFileSync(answersFile, JSON.stringify(await captureAnswers(real.url, accounts[0].token)));
  const bare = values['no-bare'] ? undefined : await startListening('bench/capacity/bare-server.mjs', { ...process.env, BARE_ANSWERS: answersFile });
  if (bare) servers.push(bare);

  const results = { profile: profileName, mix: profile.mix, everyMs: profile.everyMs, visible: profile.visible, tickets, seconds, steps: [] };
  for (const count of steps) {
    const app = await runStep({ base: real.url, pid: real.child.pid, accounts, count, profile, seconds, tickets, perProcess });
    const baseline = bare && (await runStep({ base: bare.url, pid: bare.child.pid, accounts, count, profile, seconds, tickets, perProcess }));
    const load = loadavg();
    printStep(profileName, app, baseline);
    console.log(`load average after the step: ${load.map((n) => n.toFixed(2)).join(', ')} (${cpus().length} cores, shared)`);
    results.steps.push({ agents: count, app, bare: baseline, loadAverage: load });
  }
  const out = values.out ?? `bench/results/capacity-${profileName}.json`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`(figures written to ${out})`);
  saveResults(`capacity-${profileName}`, results);
} finally {
  for (const server of servers) await stop(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
