/** The capacity bench's tables: per action p50/p95/p99 beside the bare server's, then the step's totals. */
import { printTable } from '../report.mjs';

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(1)}×` : '—');
const errors = (map) => Object.entries(map).map(([kind, n]) => `${kind}: ${n}`).join('; ') || '0';

export function printStep(profile, app, bare) {
  const rows = Object.entries(app.kinds).map(([kind, s]) => {
    const b = bare?.kinds[kind];
    return [kind, s.n, ms(s.p50), ms(s.p95), ms(s.p99), b ? ms(b.p99) : '—', ratio(s.p99, b?.p99)];
  });
  for (const [name, key] of [['all actions', 'actions'], ['all refetches', 'refetches'], ['fan-out write → others\' streams', 'fanOut']]) {
    rows.push([name, app[key].n, ms(app[key].p50), ms(app[key].p95), ms(app[key].p99), bare ? ms(bare[key].p99) : '—', ratio(app[key].p99, bare?.[key].p99)]);
  }
  printTable(`${profile}, ${app.agents.toLocaleString('en')} agents (${app.streamsOpened} streams opened), ${app.seconds.toFixed(0)} s`, ['what', 'n', 'p50', 'p95', 'p99', 'bare p99', 'ratio'], rows);
  const s = app.server;
  console.log(`server: CPU ${(s.cpu * 100).toFixed(0)} % of a core, RSS ${s.rssBeforeMB.toFixed(0)} MB before the streams, ${s.rssIdleStreamsMB.toFixed(0)} MB with them idle (${s.idleStreamKB.toFixed(1)} KB per stream), peak ${s.rssPeakMB.toFixed(0)} MB; load generator CPU ${(app.loadGeneratorCpu * 100).toFixed(0)} % in ${app.loadGeneratorProcesses} process${app.loadGeneratorProcesses === 1 ? '' : 'es'}`);
  console.log(`kernel listen-queue overflows during the step (machine-wide): ${app.listenOverflows}${bare ? `; bare's step: ${bare.listenOverflows}` : ''}`);
  console.log(`errors: ${errors(app.errors)}${bare ? `; bare: ${errors(bare.errors)}, bare CPU ${(bare.server.cpu * 100).toFixed(0)} %, ${bare.server.idleStreamKB.toFixed(1)} KB per stream` : ''}`);
}
