/**
 * Runs the benchmarks of design.md#benchmarks: `npm run bench` (bundle, api, browser) or name suites:
 * `npm run bench -- api bundle browser`; `-- scale` (a million tickets) and `-- events` (500 open
 * event streams) and `-- board` (the kiosk board's heap over 1,000 events), `-- bulk` (500-ticket
 * bulk closes at 100,000 tickets), `-- report` (the reports API at 100,000 tickets) and `-- stalls`
 * (health beside the long answers at 100,000 tickets) only when named.
 */
import { benchApi } from './api.mjs';
import { benchBrowser } from './browser.mjs';
import { benchBoard } from './board.mjs';
import { benchBulk } from './bulk.mjs';
import { benchBundle } from './bundle.mjs';
import { benchEvents } from './events.mjs';
import { benchScale } from './scale.mjs';
import { benchReports } from './reports.mjs';
import { benchStalls } from './stalls.mjs';

const SUITES = { bundle: benchBundle, api: benchApi, browser: benchBrowser, scale: benchScale, events: benchEvents, board: benchBoard, bulk: benchBulk, report: benchReports, stalls: benchStalls };
const DEFAULT = ['bundle', 'api', 'browser'];
const chosen = process.argv.slice(2).filter((name) => name in SUITES);

for (const name of chosen.length ? chosen : DEFAULT) await SUITES[name]();
