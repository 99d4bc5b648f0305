/**
 * Runs the benchmarks of design.md#benchmarks: `npm run bench` runs the default parts; name parts
 * to run only those (`npm run bench -- api bulk`). Each part writes its figures to
 * bench/results/latest.json beside the others'.
 */
import { benchApi } from './api.mjs';
import { benchBackup } from './backup.mjs';
import { benchBrowser } from './browser.mjs';
import { benchBoard } from './board.mjs';
import { benchBulk } from './bulk.mjs';
import { benchBundle } from './bundle.mjs';
import { benchComments } from './comments.mjs';
import { benchEvents } from './events.mjs';
import { benchNotify } from './notify.mjs';
import { benchMail } from './mail.mjs';
import { benchOutbox } from './outbox.mjs';
import { benchQueue } from './queue.mjs';
import { benchQueueRows } from './queue-first-rows.mjs';
import { benchScale } from './scale.mjs';
import { benchReports } from './reports.mjs';
import { benchSearch } from './search.mjs';
import { benchStalls } from './stalls.mjs';
import { benchSla } from './sla.mjs';

/** One line a part: what it measures, and whether a bare `npm run bench` runs it. */
const PARTS = {
  bundle: { run: benchBundle, byDefault: true, about: 'client bundle sizes' },
  api: { run: benchApi, byDefault: true, about: 'the API under load at 1,000 and 100,000 tickets, against a bare server' },
  browser: { run: benchBrowser, byDefault: true, about: 'sign-in to first card in Chromium' },
  scale: { run: benchScale, byDefault: false, about: 'a million tickets' },
  events: { run: benchEvents, byDefault: false, about: '500 open event streams' },
  board: { run: benchBoard, byDefault: false, about: "the kiosk board's heap over 1,000 events" },
  bulk: { run: benchBulk, byDefault: false, about: '500-ticket bulk closes at 100,000 tickets' },
  report: { run: benchReports, byDefault: false, about: 'the reports API at 100,000 tickets' },
  comments: { run: benchComments, byDefault: false, about: 'a ticket flooded with 27,500 comments' },
  backup: { run: benchBackup, byDefault: false, about: 'backups under 10 writes/s at 100,000 tickets' },
  search: { run: benchSearch, byDefault: false, about: 'one- and two-letter searches at 100,000 tickets' },
  stalls: { run: benchStalls, byDefault: false, about: 'health beside the long answers (whole list, CSV, report, renames) at 100,000 tickets' },
  mail: { run: benchMail, byDefault: false, about: 'notification e-mails through a local SMTP relay, against bare TCP' },
  outbox: { run: benchOutbox, byDefault: false, about: '10,000 queued notification e-mails drained by the outbox worker, against raw sessions' },
  queue: { run: benchQueue, byDefault: false, about: '"Show more" at 2,000 cards and the kiosk page turn, 4× CPU throttling' },
  'queue-rows': { run: benchQueueRows, byDefault: false, about: 'a chip or sort change to first rows at 100,000 tickets, 4× CPU throttling' },
  notify: { run: benchNotify, byDefault: false, about: 'p99 of a comment that notifies 20 people vs one that notifies none' },
  sla: { run: benchSla, byDefault: false, about: 'a service-level policy change at 100,000 open tickets, health meanwhile, and the idle timer sweep' },
};

const asked = process.argv.slice(2);
if (asked.includes('--help')) {
  for (const [name, part] of Object.entries(PARTS)) console.log(`${name.padEnd(10)} ${part.byDefault ? '(default) ' : ''}${part.about}`);
  process.exit(0);
}
const chosen = asked.filter((name) => name in PARTS);
const names = chosen.length ? chosen : Object.keys(PARTS).filter((name) => PARTS[name].byDefault);
for (const name of names) await PARTS[name].run();
