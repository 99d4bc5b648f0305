/**
 * Where the server's time goes under the bench's mixed load, with or without 5 writes/s: a CPU
 * profile of the server, summarized by function. Not part of `npm run bench`; a tool for finding
 * what to make cheaper. Usage: node bench/profile-mixed.mjs [tickets=100000] [writes=5] [seconds=10]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mixedReads, startWriter } from './api.mjs';
import { LoadGenerator } from './load.mjs';
import { run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';

const [tickets = 100_000, writes = 5, seconds = 10] = process.argv.slice(2).map(Number);
const TOP = 30;

const dataDir = tempDataDir();
const profiles = mkdtempSync(join(tmpdir(), 'helpdesk-profile-'));
await run('src/server/demo.ts', ['--tickets', String(tickets)], serverEnv(dataDir), { quiet: true });
const app = await startListening('src/server/main.ts', { ...serverEnv(dataDir), NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` });
const generator = await new LoadGenerator().start();
try {
  const token = await signIn(app.url);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const targets = mixedReads(tickets);
  const writer = writes > 0 ? startWriter(app.url, headers, tickets, writes) : undefined;
  const figures = await generator.once({ base: app.url, headers, targets, connections: 50, durationMs: seconds * 1000 });
  console.log(`${figures.rps.toFixed(0)} req/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms${writer ? `; writes ${JSON.stringify(await writer.stop())}` : ''}`);
} finally {
  await generator.close();
  await stop(app.child);
}
const profile = JSON.parse(readFileSync(join(profiles, readdirSync(profiles)[0]), 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(profiles, { recursive: true, force: true });
