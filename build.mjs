// Builds the client into dist/ (docs/design.md#build): esbuild, minified ESM with one lazy chunk per area,
// CSS modules, content-hashed names, .br/.gz siblings, and dist/index.html pointing at them.
// `node build.mjs --watch` rebuilds on every change.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import * as esbuild from 'esbuild';
import { DEFAULT_SETTINGS, normalizeApiBase } from './src/server/settings.ts';
import { signInCssOverBudget } from './build-budget.ts';

const OUT_DIR = 'dist';
const ASSETS_DIR = `${OUT_DIR}/assets`;
const PUBLIC_ASSETS = '/assets';
const ENTRY = 'src/client/main.tsx';
// A classic (not module) script, so it runs before the first paint: the stored theme, no flash.
const THEME_BOOT = 'src/client/themeBoot.ts';
const AREAS = ['AdminArea', 'SupportArea', 'DeveloperArea'];
const COMPRESSIBLE = /\.(js|css|html)$/;
const watch = process.argv.includes('--watch');
// Read exactly as the server reads it (an empty value means the default, '/x/' means '/x'), so
// the bundle calls the API where the server answers.
const API_BASE = normalizeApiBase(process.env.API_BASE?.trim() || DEFAULT_SETTINGS.apiBase);

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @type {esbuild.BuildOptions} */
const options = {
  // The areas are entry points of their own only so that their chunks carry readable names.
  entryPoints: [ENTRY, ...AREAS.map((area) => `src/client/app/areas/${area}.tsx`)],
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  outdir: ASSETS_DIR,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  loader: { '.module.css': 'local-css' },
  jsx: 'automatic',
  define: {
    __API_BASE__: JSON.stringify(API_BASE),
    // Areas load by the URL in <meta name="area-scripts"> (app/lazyArea.ts), so their CSS stays out of the sign-in stylesheet.
    __BUNDLED__: 'true',
    'process.env.NODE_ENV': '"production"',
  },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
};

/** @type {esbuild.BuildOptions} */
const bootOptions = { ...options, entryPoints: [THEME_BOOT], splitting: false, format: 'iife' };

const publicPath = (file) => `${PUBLIC_ASSETS}/${relative(ASSETS_DIR, file)}`;

/** The JS output of each source entry (the main entry and every lazily imported area). */
function outputsByEntry(metafile) {
  const byEntry = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint && file.endsWith('.js')) byEntry[output.entryPoint] = { js: file, css: output.cssBundle };
  }
  return byEntry;
}

/** The hashed file the theme boot script was written to. */
function bootFile(metafile) {
  return Object.keys(metafile.outputs).find((file) => metafile.outputs[file].entryPoint === THEME_BOOT);
}

async function writeIndex(metafile, bootMetafile) {
  const byEntry = outputsByEntry(metafile);
  const main = byEntry[ENTRY];
  const areaStyles = {};
  const areaScripts = {};
  for (const [entry, { js, css }] of Object.entries(byEntry)) {
    const area = basename(entry).replace(/\.tsx$/, '');
    if (!AREAS.includes(area)) continue;
    areaScripts[area] = publicPath(js);
    if (css) areaStyles[area] = publicPath(css);
  }
  const meta = [
    `<meta name="area-styles" content='${JSON.stringify(areaStyles)}' />`,
    `<meta name="area-scripts" content='${JSON.stringify(areaScripts)}' />`,
  ].join('\n    ');
  // The entry's own imports are fetched in parallel with it instead of after it has been parsed.
  const preloads = [...closure(metafile, main.js)]
    .filter((file) => file !== main.js)
    .map((file) => `<link rel="modulepreload" href="${publicPath(file)}" />`);
  const html = (await readFile('index.html', 'utf8'))
    .replace('/assets/main.js', publicPath(main.js))
    .replace('/assets/main.css', publicPath(main.css))
    .replace('/assets/theme-boot.js', publicPath(bootFile(bootMetafile)))
    .replace('</head>', `  ${[meta, ...preloads].join('\n    ')}\n  </head>`);
  await writeFile(`${OUT_DIR}/index.html`, html);
}

async function compress(files) {
  await Promise.all(
    files.filter((file) => COMPRESSIBLE.test(file)).map(async (file) => {
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
}

/** The output files a chunk pulls in statically, itself included. */
function closure(metafile, start) {
  const files = new Set([start]);
  for (const file of files) for (const dep of metafile.outputs[file].imports) if (dep.kind === 'import-statement') files.add(dep.path);
  return files;
}

/** The gzip size of every chunk, of what the sign-in screen loads, and of what each area adds. */
async function report(metafile) {
  const sizes = {};
  for (const file of Object.keys(metafile.outputs)) sizes[file] = (await readFile(`${file}.gz`)).length;
  const sum = (files) => [...files].reduce((total, file) => total + sizes[file], 0);
  const byEntry = outputsByEntry(metafile);
  const main = byEntry[ENTRY];
  const initial = closure(metafile, main.js);
  console.log('client built (gzip):');
  for (const file of Object.keys(sizes).sort()) console.log(`  ${basename(file).padEnd(32)} ${kb(sizes[file]).padStart(9)}`);
  console.log(`  initial load (sign-in): ${kb(sum(initial))} JS, ${kb(sizes[main.css] ?? 0)} CSS`);
  for (const area of AREAS) {
    const { js, css } = byEntry[`src/client/app/areas/${area}.tsx`];
    const added = [...closure(metafile, js)].filter((file) => !initial.has(file));
    console.log(`  + ${area}: ${kb(sum(added))} JS, ${kb(css ? sizes[css] : 0)} CSS`);
  }
  return { signInCss: sizes[main.css] ?? 0 };
}

async function finish(result, boot) {
  if (result.errors.length > 0 || boot.errors.length > 0) return;
  await writeIndex(result.metafile, boot.metafile);
  await compress([...Object.keys(result.metafile.outputs), ...Object.keys(boot.metafile.outputs), `${OUT_DIR}/index.html`]);
  const { signInCss } = await report(result.metafile);
  const overBudget = signInCssOverBudget(signInCss);
  if (overBudget) {
    console.error(overBudget);
    // In --watch the rebuilds go on; a plain build (npm start, npm test) stops here.
    if (!watch) process.exitCode = 1;
  }
}

await rm(OUT_DIR, { recursive: true, force: true });
await mkdir(ASSETS_DIR, { recursive: true });

if (watch) {
  // The boot script rarely changes: built once, and the app's rebuilds reuse its result.
  const boot = await esbuild.build(bootOptions);
  const plugin = { name: 'after-build', setup: (build) => build.onEnd((result) => finish(result, boot).catch(console.error)) };
  const context = await esbuild.context({ ...options, plugins: [plugin] });
  await context.watch();
  console.log('watching src/client for changes…');
} else {
  const [app, boot] = await Promise.all([esbuild.build(options), esbuild.build(bootOptions)]);
  await finish(app, boot);
}
