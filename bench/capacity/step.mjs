/**
 * One step of the capacity bench against one server: N agents open their streams (ramped), the
 * server's RSS with them idle, then the profile's load for a window, with the server's CPU and peak RSS.
 * The agents run in AGENTS_PER_PROCESS shares, one load-generator process each (worker.mjs): each
 * agent holds up to three descriptors (its stream, two request sockets), and one process may hold
 * only `ulimit -n` of them (20,000 here).
 */
import { fork } from 'node:child_process';
import { cpuMeter, listenOverflows, rssMB } from './proc.mjs';
import { mergeRecords } from './recorder.mjs';

/** 2,500 agents hold at most 7,500 sockets: well under 15,000 descriptors per process. */
export const AGENTS_PER_PROCESS = 2500;
/** Streams opened per ramp tick (all processes together), and the tick. */
const RAMP_BATCH = 100;
const RAMP_TICK_MS = 250;
const SETTLE_MS = 3000;
const WARM_UP_MAX_MS = 15_000;
const RSS_SAMPLE_MS = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Forks the processes: {workers, ask(worker, message, reply type) → Promise of its reply}. */
function startWorkers(count, perProcess) {
  const workers = Array.from({ length: Math.ceil(count / perProcess) }, () => fork(new URL('./worker.mjs', import.meta.url), { execArgv: ['--disable-warning=ExperimentalWarning'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  // A write's start goes to every other process, for their streams' fan-out times.
  for (const worker of workers) {
    worker.on('message', (message) => {
      if (message.type !== 'write') return;
      for (const other of workers) if (other !== worker) other.send(message);
    });
  }
  const ask = (worker, message, reply) =>
    new Promise((resolve, reject) => {
      const onMessage = (answer) => {
        if (answer.type !== reply) return;
        worker.off('message', onMessage);
        resolve(answer);
      };
      worker.on('message', onMessage);
      worker.once('exit', (code) => reject(new Error(`a load-generator process exited with ${code}`)));
      worker.send(message);
    });
  return { workers, ask };
}

export async function runStep({ base, pid, accounts, count, profile, seconds, tickets, perProcess = AGENTS_PER_PROCESS }) {
  const rssBefore = rssMB(pid);
  const overflowsBefore = listenOverflows();
  const { workers, ask } = startWorkers(count, perProcess);
  const share = Math.ceil(count / workers.length);
  const visibleUpTo = Math.round(count * profile.visible);
  const opening = workers.map((worker, w) => {
    const mine = accounts.slice(w * share, Math.min(count, (w + 1) * share)).map((account, i) => ({ ...account, index: w * share + i, visible: w * share + i < visibleUpTo, pool: [...account.pool] }));
    return ask(worker, { type: 'open', base, accounts: mine, profile, tickets, rampBatch: Math.max(1, Math.round(RAMP_BATCH / workers.length)), rampTickMs: RAMP_TICK_MS }, 'opened');
  });
  const opened = (await Promise.all(opening)).reduce((sum, answer) => sum + answer.opened, 0);
  await sleep(SETTLE_MS);
  const rssIdle = rssMB(pid);

  for (const worker of workers) worker.send({ type: 'start' });
  await sleep(Math.min(profile.everyMs, WARM_UP_MAX_MS));
  let rssPeak = rssMB(pid);
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMB(pid))), RSS_SAMPLE_MS);
  const cpu = cpuMeter(pid);
  const t0 = performance.now();
  // Writes older than the window's start are not the window's fan-out (each process forgets them).
  for (const worker of workers) worker.send({ type: 'window' });
  await sleep(seconds * 1000);
  const results = await Promise.all(workers.map((worker) => ask(worker, { type: 'end' }, 'result')));
  const elapsed = (performance.now() - t0) / 1000;
  const serverCpu = cpu.end();
  clearInterval(sampler);
  for (const worker of workers) worker.kill();
  await sleep(SETTLE_MS);
  return {
    agents: count,
    loadGeneratorProcesses: workers.length,
    streamsOpened: opened,
    seconds: elapsed,
    ...mergeRecords(results.map((result) => result.record), elapsed),
    server: { cpu: serverCpu, rssBeforeMB: rssBefore, rssIdleStreamsMB: rssIdle, rssPeakMB: rssPeak, idleStreamKB: ((rssIdle - rssBefore) * 1024) / Math.max(1, opened) },
    // Machine-wide, other work's included: a connection dropped here waits for the client's SYN retry (1 s, 3 s, 7 s…).
    listenOverflows: listenOverflows() - overflowsBefore,
    loadGeneratorCpu: results.reduce((sum, result) => sum + result.cpuSeconds, 0) / elapsed,
  };
}
