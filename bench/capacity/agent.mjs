/**
 * One simulated person: a stream, a screen (a list with its counts, or a ticket), actions drawn
 * from the profile, and on every event exactly what the real client does (src/shared/liveRules.ts
 * for what is stale, patched or may change; src/client/lib/listRefetch.ts for when a list refetches).
 */
import http from 'node:http';
import { createListRefetcher } from '../../src/client/lib/listRefetch.ts';
import { LIVE_BATCH_MS, isListKey, listChangeOf, listMayChange, parseTicketEvent, staleKeysFor } from '../../src/shared/liveRules.ts';
import { ticketQueryString } from '../../src/shared/workQueue.ts';
import { drawAction, nextWait } from './profiles.mjs';
import { call } from './request.mjs';
import { holdStream } from './stream.mjs';

const PAGE = 50;
const SEARCH_WORDS = ['customer', 'voucher', 'narwhal', 'payment', 'login', 'refund'];
/** A browser opens up to 6 connections per host; two cover one screen's reads here. */
const SOCKETS_PER_AGENT = 2;
const REPORT_DAYS = 90;
const DAY_MS = 86_400_000;

const number = (id) => `TCK-${String(id).padStart(6, '0')}`;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const startsWith = (key, prefix) => prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** Parsed once per distinct frame: every stream gets the same bytes. */
const parsedFrames = new Map();
function staleKeys(event, data) {
  const id = `${event}\n${data}`;
  let found = parsedFrames.get(id);
  if (!found) {
    if (parsedFrames.size > 10_000) parsedFrames.clear();
    const parsed = event === 'ticket' ? parseTicketEvent(data) : null;
    found = { keys: staleKeysFor({ event, data }), change: parsed?.change, listChange: event === 'resync' || event === 'reset' ? 'any' : parsed ? listChangeOf(parsed) : undefined, number: parsed?.number };
    parsedFrames.set(id, found);
  }
  return found;
}

function pathOf(key) {
  const [group, kind, query] = key;
  if (group === 'tickets' && kind === 'page') return `/api/tickets?${ticketQueryString({ limit: PAGE, ...query })}`;
  if (group === 'tickets' && kind === 'stats') return '/api/tickets/stats';
  if (group === 'singletickets') return `/api/tickets/${kind}`;
  if (group === 'ticketlogs') return `/api/activity-log/${kind}`;
  if (group === 'comments') return `/api/tickets/${kind}/comments`;
  throw new Error(`no path for ${JSON.stringify(key)}`);
}

/**
 * @param {object} o
 * @param {{index: number, id: number, role: string, token: string, pool: string[]}} o.account
 * @param {ReturnType<import('./fan-out.mjs').createFanOut>} o.writes the writes under way, by `number|change`
 */
export function createAgent({ base, account, profile, recorder, writes, tickets, visible }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_AGENT });
  const home = account.role === 'developer' ? { status: ['opened'] } : {};
  let screen = { keys: [['tickets', 'page', home], ['tickets', 'stats', {}]] };
  let lastPage = [];
  const taken = [];
  let stopped = false;
  let timer;
  let nowTimer;
  const pendingNow = new Set();

  async function get(kind, key) {
    const t0 = performance.now();
    const answer = await call(agent, base, { path: pathOf(key), token: account.token, keepBody: key[1] === 'page' });
    record(kind, t0, answer);
    if (answer.status === 200 && key[1] === 'page') {
      try {
        lastPage = JSON.parse(answer.body).data.list.map((t) => t.number);
      } catch {}
    }
    return answer;
  }
  function record(kind, t0, answer) {
    if (answer.error) return recorder.error(answer.error);
    recorder.time(kind, performance.now() - t0);
    if (answer.status >= 400) recorder.error(answer.status === 409 ? `${kind}: HTTP 409 (a conflict, answered correctly)` : `${kind}: HTTP ${answer.status}`);
  }
  async function write(kind, method, path, json, ticket, change) {
    writes.started(`${ticket}|${change}`, account.index);
    const t0 = performance.now();
    record(kind, t0, await call(agent, base, { method, path, token: account.token, json }));
  }

  const lists = createListRefetcher({
    page: { visibilityState: visible ? 'visible' : 'hidden', addEventListener() {}, removeEventListener() {} },
    refetch: (changes) => {
      for (const key of screen.keys) {
        if (isListKey(key) && [...changes].some((change) => listMayChange(change, key))) void get(`refetch ${key[1]}`, key);
      }
    },
  });

  const actions = {
    list: () => {
      screen = { keys: [['tickets', 'page', home], ['tickets', 'stats', {}]] };
      return get('list (first page)', screen.keys[0]);
    },
    search: () => {
      screen = { keys: [['tickets', 'page', { q: pick(SEARCH_WORDS) }], ['tickets', 'stats', {}]] };
      return get('search', screen.keys[0]);
    },
    detail: () => {
      const ticket = lastPage.length ? pick(lastPage) : number(1 + Math.floor(Math.random() * tickets));
      screen = { keys: [['singletickets', ticket], ['ticketlogs', ticket], ['comments', ticket]] };
      return get('detail', screen.keys[0]);
    },
    comment: () => {
      const ticket = lastPage.length ? pick(lastPage) : number(1 + Math.floor(Math.random() * tickets));
      return write('comment', 'POST', `/api/tickets/${ticket}/comments`, { body: `Looked at this (${account.index}).` }, ticket, 'comment');
    },
    transition: () => {
      if (taken.length > 0) {
        const ticket = taken.shift();
        return write('close', 'PATCH', `/api/tickets/${ticket}`, { status: 'closed' }, ticket, 'status');
      }
      const ticket = account.pool.shift();
      if (!ticket) return actions.comment();
      if (account.role !== 'developer') return write('reopen', 'PATCH', `/api/tickets/${ticket}`, { status: 'opened' }, ticket, 'status');
      taken.push(ticket);
      return write('assign', 'PATCH', `/api/tickets/${ticket}`, { status: 'assigned', developer_id: account.id }, ticket, 'status');
    },
    statsOrReport: () => {
      // The report is the leads' (super); the others look at the counts.
      if (account.role !== 'super') return get('stats', ['tickets', 'stats', {}]);
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - (REPORT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
      const t0 = performance.now();
      return call(agent, base, { path: `/api/tickets/report?from=${from}&to=${to}&group=category`, token: account.token }).then((answer) => record('report', t0, answer));
    },
  };

  function onFrame(event, data) {
    const { keys, change, listChange, number: ticket } = staleKeys(event, data);
    if (keys === null) return;
    if (event === 'ticket') writes.arrived(`${ticket}|${change}`, account.index);
    if (listChange !== undefined) lists.add(listChange);
    for (const key of screen.keys) {
      if (isListKey(key)) continue;
      if (keys === undefined || keys.some((stale) => startsWith(key, stale))) pendingNow.add(key);
    }
    if (pendingNow.size > 0) nowTimer ??= setTimeout(() => {
      nowTimer = undefined;
      for (const key of pendingNow) void get(`refetch ${key[0]}`, key);
      pendingNow.clear();
    }, LIVE_BATCH_MS);
  }

  const stream = holdStream(base, account.token, { onFrame, onError: (kind) => recorder.error(kind) });

  function actAfter(ms) {
    timer = setTimeout(async () => {
      if (stopped) return;
      await actions[drawAction(profile.mix)]();
      if (!stopped) actAfter(nextWait(profile.everyMs));
    }, ms);
  }

  return {
    opened: stream.opened,
    /** Starts acting, the first action at a random point of the first interval. */
    start() {
      actAfter(Math.random() * profile.everyMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(nowTimer);
      lists.stop();
      stream.close();
      agent.destroy();
    },
  };
}
