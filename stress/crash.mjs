/**
 * kill -9 cycles under concurrent writes: start the server, let writers create tickets, move
 * them through assign / close / reopen and edit them, kill -9 at a random moment, then check
 * every acknowledged (2xx) write in the database file and `PRAGMA integrity_check`, restart
 * on the same DATA_DIR and check the server agrees. Counts lost acknowledged writes.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import http from 'node:http';
import { api, createWorld, killServer, prng, removeDir, serverEnv, sleep, startServer, stopServer, tempDir, ticketBody, viaV4 } from './lib.mjs';

/** The next state of a ticket's life, and who moves it there. */
function nextStep(ticket, world, rng) {
  if (ticket.status === 'opened') {
    if (rng.chance(0.3)) return { kind: 'edit', token: world.support.token, path: `/api/tickets/${ticket.id}/edit`, json: { description: `Revision ${ticket.revision + 1} of ${ticket.title}.` } };
    return { kind: 'status', target: 'assigned', token: world.admin.token, path: `/api/tickets/${ticket.id}`, json: { status: 'assigned', developer_id: world.developer.id } };
  }
  if (ticket.status === 'assigned') return { kind: 'status', target: 'closed', token: rng.chance(0.5) ? world.developer.token : world.admin.token, path: `/api/tickets/${ticket.id}`, json: { status: 'closed' } };
  return { kind: 'status', target: 'opened', token: world.support.token, path: `/api/tickets/${ticket.id}`, json: { status: 'opened' } };
}

/**
 * @param {{cycles?: number, writers?: number, seed?: number, minKillMs?: number, maxKillMs?: number, log?: (line: string) => void}} options
 */
export async function killCycles({ cycles = 50, writers = 8, seed = 4242, minKillMs = 150, maxKillMs = 1500, log = () => {} } = {}) {
  const rng = prng(seed);
  const dataDir = tempDir();
  const dbFile = join(dataDir, 'helpdesk.db');
  const env = serverEnv(dataDir);
  const started = performance.now();

  let server = await startServer(env);
  const world = await createWorld(viaV4(server.port));

  /** id → { id, title, status, logs (acknowledged log rows), revision, pending } */
  const tickets = new Map();
  /** Creates sent whose answer never came: title → true. They may or may not exist. */
  const unknownCreates = new Set();
  const figures = {
    cycles: 0,
    acknowledged: 0,
    acknowledgedCreates: 0,
    acknowledgedTransitions: 0,
    acknowledgedEdits: 0,
    inFlightAtKill: 0,
    inFlightCommitted: 0,
    lost: 0,
    lostSamples: [],
    integrityFailures: 0,
    integrity: 'ok',
    unexpectedAnswers: 0,
    unexpectedSamples: [],
    serverDisagreements: 0,
    restartFailures: 0,
    maxRestartMs: 0,
  };
  const lose = (what) => {
    figures.lost++;
    if (figures.lostSamples.length < 10) figures.lostSamples.push(what);
  };

  for (let cycle = 0; cycle < cycles; cycle++) {
    const base = viaV4(server.port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: writers });
    let killed = false;
    let counter = 0;

    async function writer(w) {
      const local = prng(seed * 1000 + cycle * 100 + w);
      const mine = [...tickets.values()].filter((t) => t.writer === w);
      while (!killed) {
        const open = mine.filter((t) => !t.pending);
        if (open.length === 0 || local.chance(0.4)) {
          const title = `Crash c${cycle} w${w} n${counter++}`;
          const answer = await api(base, 'POST', '/api/tickets', { token: world.support.token, json: ticketBody(world, title), agent, timeoutMs: 10_000 });
          if (answer.status === 201) {
            const data = answer.json.data;
            const ticket = { id: data.id, title, status: 'opened', logs: 1, revision: 0, pending: null, writer: w };
            tickets.set(data.id, ticket);
            mine.push(ticket);
            figures.acknowledged++;
            figures.acknowledgedCreates++;
          } else if (answer.status === 0) {
            unknownCreates.add(title);
            return;
          } else {
            figures.unexpectedAnswers++;
            if (figures.unexpectedSamples.length < 5) figures.unexpectedSamples.push(`${answer.status} ${answer.body.slice(0, 200)}`);
          }
          continue;
        }
        const ticket = local.pick(open);
        const step = nextStep(ticket, world, local);
        ticket.pending = step;
        const answer = await api(base, 'PATCH', step.path, { token: step.token, json: step.json, agent, timeoutMs: 10_000 });
        if (answer.status === 200) {
          ticket.pending = null;
          figures.acknowledged++;
          if (step.kind === 'edit') {
            ticket.revision++;
            figures.acknowledgedEdits++;
          } else {
            ticket.status = step.target;
            ticket.logs++;
            figures.acknowledgedTransitions++;
          }
        } else if (answer.status === 0) {
          return; // unknown outcome: checked after the kill
        } else {
          ticket.pending = null;
          figures.unexpectedAnswers++;
          if (figures.unexpectedSamples.length < 5) figures.unexpectedSamples.push(`${answer.status} ${answer.body.slice(0, 200)}`);
        }
      }
    }

    const lanes = Array.from({ length: writers }, (_, w) => writer(w));
    await sleep(rng.between(minKillMs, maxKillMs));
    killed = true;
    await killServer(server);
    await Promise.all(lanes);
    agent.destroy();
    figures.cycles++;

    // The file as the next start will find it: integrity, then every acknowledged write.
    const db = new DatabaseSync(dbFile);
    try {
      const integrity = db.prepare('PRAGMA integrity_check').all().map((row) => Object.values(row)[0]);
      if (integrity.length !== 1 || integrity[0] !== 'ok') {
        figures.integrityFailures++;
        figures.integrity = integrity.slice(0, 5).join('; ');
      }
      const rows = new Map(db.prepare('SELECT id, title, status, description FROM tickets').all().map((row) => [Number(row.id), row]));
      const logCounts = new Map(db.prepare('SELECT ticket_id, count(*) AS n FROM ticket_logs GROUP BY ticket_id').all().map((row) => [Number(row.ticket_id), Number(row.n)]));
      for (const ticket of tickets.values()) {
        const row = rows.get(ticket.id);
        if (!row || row.title !== ticket.title) {
          lose({ ticket: ticket.id, missing: true });
          tickets.delete(ticket.id);
          continue;
        }
        const logs = logCounts.get(ticket.id) ?? 0;
        const pending = ticket.pending;
        if (pending) figures.inFlightAtKill++;
        // At most the one write in flight may have landed beyond the acknowledged ones.
        if (pending?.kind === 'status' && logs === ticket.logs + 1 && row.status === pending.target) {
          figures.inFlightCommitted++;
          ticket.logs++;
          ticket.status = pending.target;
        } else if (pending?.kind === 'edit' && row.description === pending.json.description) {
          figures.inFlightCommitted++;
          ticket.revision++;
        }
        if (logs < ticket.logs) lose({ ticket: ticket.id, logsFound: logs, logsAcknowledged: ticket.logs });
        else if (row.status !== ticket.status) lose({ ticket: ticket.id, statusFound: row.status, statusAcknowledged: ticket.status });
        else if (ticket.revision > 0 && row.description !== `Revision ${ticket.revision} of ${ticket.title}.`) lose({ ticket: ticket.id, description: row.description });
        // Whatever happened, the file is now the truth for what comes next.
        ticket.logs = logs;
        ticket.status = row.status;
        ticket.pending = null;
      }
      // Creates whose answer never came: adopt those that landed, so they are checked from now on.
      if (unknownCreates.size) {
        const find = db.prepare('SELECT id, status FROM tickets WHERE title = ?');
        for (const title of unknownCreates) {
          figures.inFlightAtKill++;
          const row = find.get(title);
          if (row) {
            figures.inFlightCommitted++;
            const w = Number(/ w(\d+) /.exec(title)[1]);
            tickets.set(Number(row.id), { id: Number(row.id), title, status: row.status, logs: logCounts.get(Number(row.id)) ?? 0, revision: 0, pending: null, writer: w });
          }
        }
        unknownCreates.clear();
      }
    } finally {
      db.close();
    }

    // Restart on the same folder; the server must start and count what the file holds.
    const restartStarted = performance.now();
    try {
      server = await startServer(env);
    } catch (error) {
      figures.restartFailures++;
      log(`  kill -9: restart failed after cycle ${cycle + 1}: ${error.message.slice(0, 300)}`);
      break;
    }
    figures.maxRestartMs = Math.max(figures.maxRestartMs, performance.now() - restartStarted);
    const page = await api(viaV4(server.port), 'GET', '/api/tickets?limit=1', { token: world.admin.token });
    if (page.status !== 200 || page.json.data.total < tickets.size) figures.serverDisagreements++;
    if ((cycle + 1) % 10 === 0) log(`  kill -9: ${cycle + 1}/${cycles} cycles, ${figures.acknowledged} acknowledged writes, ${figures.lost} lost`);
  }

  // A last look through the API at every acknowledged ticket's status.
  const base = viaV4(server.port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let checked = 0;
  for (const ticket of tickets.values()) {
    if (checked >= 2000) break; // bounded; the file was checked in full after every kill
    checked++;
    const answer = await api(base, 'GET', `/api/tickets/${ticket.id}`, { token: world.admin.token, agent });
    if (answer.status !== 200 || answer.json.data.status !== ticket.status) figures.serverDisagreements++;
  }
  agent.destroy();
  await stopServer(server);
  removeDir(dataDir);
  return { ...figures, ticketsTracked: tickets.size, checkedThroughApi: checked, seconds: (performance.now() - started) / 1000 };
}
