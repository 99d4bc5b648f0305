/**
 * One step of the capacity bench against one server: N agents open their streams (ramped), the
 * server's RSS with them idle, then the profile's load for a window, with the server's CPU and peak RSS.
 */
import { createAgent } from './agent.mjs';
import { cpuMeter, rssMB } from './proc.mjs';
import { createRecorder } from './recorder.mjs';

/** Streams opened per ramp tick, and the tick. */
const RAMP_BATCH = 100;
const RAMP_TICK_MS = 250;
const SETTLE_MS = 3000;
const WARM_UP_MAX_MS = 15_000;
const RSS_SAMPLE_MS = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runStep({ base, pid, accounts, count, profile, seconds, tickets }) {
  const recorder = createRecorder();
  const writes = new Map();
  const rssBefore = rssMB(pid);
  const agents = [];
  for (let i = 0; i < count; i += RAMP_BATCH) {
    for (let j = i; j < Math.min(count, i + RAMP_BATCH); j++) {
      const visible = j < Math.round(count * profile.visible);
      agents.push(createAgent({ base, account: { ...accounts[j], index: j, pool: [...accounts[j].pool] }, profile, recorder, writes, tickets, visible }));
    }
    await sleep(RAMP_TICK_MS);
  }
  const opened = (await Promise.all(agents.map((a) => a.opened))).filter(Boolean).length;
  await sleep(SETTLE_MS);
  const rssIdle = rssMB(pid);

  for (const agent of agents) agent.start();
  await sleep(Math.min(profile.everyMs, WARM_UP_MAX_MS));
  // Writes older than the window's start are not the window's fan-out.
  writes.clear();
  let rssPeak = rssMB(pid);
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMB(pid))), RSS_SAMPLE_MS);
  const cpu = cpuMeter(pid);
  const ownCpu = process.cpuUsage();
  const t0 = performance.now();
  recorder.start();
  await sleep(seconds * 1000);
  recorder.stop();
  const elapsed = (performance.now() - t0) / 1000;
  const serverCpu = cpu.end();
  const own = process.cpuUsage(ownCpu);
  clearInterval(sampler);
  for (const agent of agents) agent.stop();
  await sleep(SETTLE_MS);
  return {
    agents: count,
    streamsOpened: opened,
    seconds: elapsed,
    ...recorder.summary(elapsed),
    server: { cpu: serverCpu, rssBeforeMB: rssBefore, rssIdleStreamsMB: rssIdle, rssPeakMB: rssPeak, idleStreamKB: ((rssIdle - rssBefore) * 1024) / Math.max(1, opened) },
    loadGeneratorCpu: (own.user + own.system) / 1e6 / elapsed,
  };
}
