/**
 * One process of the load generator (step.mjs forks several, each under the open-file limit): its
 * share of the agents, driven by the parent's messages, its latencies sent back as a record.
 * Messages in: open {base, accounts, profile, tickets, rampBatch, rampTickMs}, start, window, end,
 * write (another process's). Out: opened {opened}, write, result {record, cpuSeconds}.
 */
import { createAgent } from './agent.mjs';
import { createFanOut } from './fan-out.mjs';
import { createRecorder } from './recorder.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const send = (message) => process.send(message);

const recorder = createRecorder();
const writes = createFanOut(recorder, (write) => send({ type: 'write', write }));
const agents = [];
let cpuAtWindow;

async function open({ base, accounts, profile, tickets, rampBatch, rampTickMs }) {
  for (let i = 0; i < accounts.length; i += rampBatch) {
    for (const account of accounts.slice(i, i + rampBatch)) {
      agents.push(createAgent({ base, account, profile, recorder, writes, tickets, visible: account.visible }));
    }
    await sleep(rampTickMs);
  }
  const opened = (await Promise.all(agents.map((agent) => agent.opened))).filter(Boolean).length;
  send({ type: 'opened', opened });
}

process.on('message', (message) => {
  if (message.type === 'open') void open(message);
  else if (message.type === 'write') writes.remote(message.write);
  else if (message.type === 'start') for (const agent of agents) agent.start();
  else if (message.type === 'window') {
    writes.clear();
    cpuAtWindow = process.cpuUsage();
    recorder.start();
  } else if (message.type === 'end') {
    recorder.stop();
    const cpu = process.cpuUsage(cpuAtWindow);
    for (const agent of agents) agent.stop();
    writes.stop();
    send({ type: 'result', record: recorder.record(), cpuSeconds: (cpu.user + cpu.system) / 1e6 });
  }
});
