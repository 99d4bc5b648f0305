/**
 * Prints the README's "Measured" rows from bench/results/latest.json (after `npm run bench`):
 * node bench/readme-table.mjs
 */
import { readFileSync } from 'node:fs';

const results = JSON.parse(readFileSync('bench/results/latest.json', 'utf8'));
const n = (x) => Math.round(x).toLocaleString('en');
const ms = (x) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));
const rows = [];
const api = results.api;

if (api) {
  const sizes = Object.keys(api.sizes);
  const label = (t) => `${Number(t).toLocaleString('en')}`;
  /** Beside the bare server's runs alternated with these (`baseline`), else the bare row. */
  const load = (r, bareRow) => {
    const bare = r.baseline ?? bareRow;
    const ratio = r.vsBare ?? (bare && r.rps / bare.rps);
    return `${n(r.rps)} req/s, p50 ${ms(r.p50)} / p99 ${ms(r.p99)} ms${bare ? ` (${ratio.toFixed(2)}× bare: ${n(bare.rps)} req/s, p99 ${ms(bare.p99)} ms)` : ''}`;
  };
  const p = (r) => `p50 ${ms(r.p50)} / p99 ${ms(r.p99)} ms`;
  for (const t of sizes) {
    const s = api.sizes[t].rows;
    const at = `${label(t)} tickets`;
    rows.push([`first page \`GET /api/tickets?limit=50\`, 50 connections, ${at}`, load(s['first page, 50 conn (cached)'], s['bare: first page bytes'])]);
    rows.push([`first pages with distinct filters (uncached), 50 connections, ${at}`, load(s['first page + filters, 50 conn (distinct, uncached)'], s['bare: first page bytes'])]);
    rows.push([`search \`?limit=50&q=word\`, distinct terms (uncached), 50 connections, ${at}`, load(s['search, 50 conn (distinct, uncached)'], s['bare: search bytes'])]);
    rows.push([`first page, one connection: cached / right after a write, ${at}`, `${p(s['first page, 1 conn (cached)'])} / ${p(s['first page, 1 conn, right after a write'])}`]);
    const common = Object.keys(s).find((k) => k.startsWith('search "') && k.includes('(common)'));
    rows.push([`search, one connection: distinct terms / a common word right after a write, ${at}`, `${p(s['search, 1 conn (distinct, uncached)'])} / ${p(s[common])}`]);
    rows.push([`\`GET /api/tickets/stats\`, 50 connections, ${at}`, `${load(s['stats, 50 conn (cached)'], s['bare: stats bytes'])}; with distinct filters ${load(s['stats + filters, 50 conn (distinct, uncached)'])}; right after a write ${p(s['stats, 1 conn, right after a write'])}`]);
    rows.push([`\`GET /api/tickets/{number}\`, random tickets, 50 connections, ${at}`, load(s['one ticket, 50 conn (random tickets)'], s['bare: one ticket bytes'])]);
    const quiet = s['mixed reads, 0 writes/s'];
    const busy = s['mixed reads, 5 writes/s'];
    rows.push([`mixed reads with 0 / 5 writes/s, ${at}`, `${n(quiet.rps)} / ${n(busy.rps)} req/s (${(busy.rps / quiet.rps).toFixed(2)}×)`]);
    const rss = api.sizes[t].rss;
    rows.push([`server RSS after ${rss.seconds} s of mixed load with 5 writes/s, ${at}`, `${n(rss.afterMB)} MB (${rss.medianLastHalfMB ? `median of the last half ${n(rss.medianLastHalfMB)} MB, highest ${n(rss.maxDuringMB)} MB` : `peak ${n(rss.peakMB)} MB`})`]);
    rows.push([`\`npm run demo -- --tickets ${t}\``, `${api.sizes[t].fillSeconds.toFixed(1)} s`]);
  }
  rows.unshift(['load generator ceiling (2 processes, empty 200)', `${n(api.ceiling.rps)} req/s, p99 ${ms(api.ceiling.p99)} ms`]);
}
if (results.browser) {
  const sizes = Object.values(results.browser.sizes);
  for (const s of sizes) {
    rows.push([`admin dashboard, sign-in click → first card, ${s.tickets.toLocaleString('en')} tickets, headless Chromium`, `${n(s.dashboard)} ms (${(s.dashboard / sizes[0].dashboard).toFixed(2)}× at ${sizes[0].tickets.toLocaleString('en')}; sign-in form appears in ${n(s.signInForm)} ms)`]);
  }
}
if (results.scale) {
  const s = results.scale;
  const first = s.rows['first page, 1 conn, right after a write'];
  rows.push([`${s.tickets.toLocaleString('en')} tickets`, `${s.fillSeconds ? `demo fill ${s.fillSeconds.toFixed(0)} s; ` : ''}first page right after a write p50 ${ms(first.p50)} / p99 ${ms(first.p99)} ms${s.dashboard ? `; dashboard first card ${n(s.dashboard.dashboard)} ms` : ''}`]);
}
console.log('| what | figure |\n|---|---|');
for (const [what, figure] of rows) console.log(`| ${what} | ${figure} |`);
