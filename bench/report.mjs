/** Compact console tables, and the figures as JSON in bench/results/latest.json (gitignored). */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

export const fmtRps = (rps) => `${Math.round(rps).toLocaleString('en').padStart(7)} req/s`;
export const fmtMs = (ms) => `${ms.toFixed(1).padStart(6)} ms`;

/** Prints a markdown table (readable as is, pastes into the README). */
export function printTable(title, header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

const FILE = 'bench/results/latest.json';

/** Adds (or replaces) one suite's figures in latest.json, keeping the other suites'. */
export function saveResults(suite, figures) {
  mkdirSync('bench/results', { recursive: true });
  let all = {};
  try {
    all = JSON.parse(readFileSync(FILE, 'utf8'));
  } catch {}
  all[suite] = { at: new Date().toISOString(), ...figures };
  writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`(figures written to ${FILE})`);
}
