/** Runs the benchmarks of DESIGN §8: `npm run bench` (all) or `npm run bench -- api bundle browser`. */
import { benchApi } from './api.mjs';
import { benchBrowser } from './browser.mjs';
import { benchBundle } from './bundle.mjs';

const SUITES = { bundle: benchBundle, api: benchApi, browser: benchBrowser };
const chosen = process.argv.slice(2).filter((name) => name in SUITES);

for (const name of chosen.length ? chosen : Object.keys(SUITES)) await SUITES[name]();
