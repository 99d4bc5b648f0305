/**
 * Initial-load bundle size per area (gzip) from dist/, beside the floor: a bare
 * React + ReactDOM + wouter + zustand bundle built with the same esbuild settings.
 */
import { build } from 'esbuild';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from './processes.mjs';
import { saveResults } from './report.mjs';

const DIST = 'dist';
const ASSETS = join(DIST, 'assets');
const STATIC_IMPORT = /(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g;

const gz = (file) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every file a chunk pulls in before it can run (static imports, transitively). */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(ASSETS, file), 'utf8');
  for (const [, dep] of code.matchAll(STATIC_IMPORT)) closure(dep, seen);
  return seen;
}

async function floorBytes() {
  const result = await build({
    stdin: {
      contents: "import {createRoot} from 'react-dom/client'; import {createElement} from 'react'; import {Router, Route} from 'wouter'; import {create} from 'zustand'; const useS = create(() => ({})); createRoot(document.body).render(createElement(Router, null, createElement(Route, {path: '/', component: () => (useS(), null)})));",
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

export async function benchBundle() {
  await run('build.mjs', [], process.env, { quiet: true }); // measure what the source builds to now
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  const css = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
  if (!entry) throw new Error('dist/index.html names no entry script; run npm run build');
  const initial = closure(entry);
  const initialJs = [...initial].reduce((sum, f) => sum + gz(f), 0);
  const initialCss = css.reduce((sum, f) => sum + gz(f), 0);
  const floor = await floorBytes();

  console.log('\nBundle (gzip -9)');
  console.log(`floor: React + ReactDOM + wouter + zustand  ${kb(floor)}`);
  console.log(`sign-in screen: JS ${kb(initialJs)} (${(initialJs / floor).toFixed(2)}x floor), CSS ${kb(initialCss)}`);
  const entryCode = readFileSync(join(ASSETS, entry), 'utf8');
  const areas = [...new Set([...entryCode.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]))];
  const areaBytes = {};
  for (const area of areas) {
    const extra = [...closure(area)].filter((f) => !initial.has(f));
    const bytes = extra.reduce((sum, f) => sum + gz(f), 0);
    const areaCss = readdirSync(ASSETS).filter((f) => f.endsWith('.css') && f.startsWith(area.split('-')[0]));
    const cssBytes = areaCss.reduce((sum, f) => sum + gz(f), 0);
    console.log(`  + ${area.padEnd(32)} JS ${kb(bytes)} more, CSS ${kb(cssBytes)}  → ${kb(initialJs + bytes)} JS in all`);
    areaBytes[area] = { js: bytes, css: cssBytes };
  }
  saveResults('bundle', { floor, initialJs, initialCss, areas: areaBytes });
  return { floor, initialJs, initialCss };
}
