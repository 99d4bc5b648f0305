/**
 * Demo data: categories, services, staff of every role and N tickets in all states with
 * consistent activity logs. Reused statements, committed in batches so a million tickets never
 * make one giant transaction. How long a fill takes is in the README's Measured table.
 */
import { hashPassword } from './auth/passwords.ts';
import { transaction, type Db } from './db/database.ts';
import { DEMO_CATEGORIES, DEMO_IMAGE, DEMO_PASSWORD, DEMO_SERVICES, DEMO_STAFF, demoDescription, demoTitle, seededRandom } from './demo-data.ts';
import { ticketNumber } from './store/tickets.ts';
import { APPS, PRIORITIES, type AppName } from '../shared/index.ts';

const SPREAD_DAYS = 120;
const DAY_MS = 86_400_000;
const EMAIL_DOMAIN = 'example.com';
/** Tickets per transaction. */
const BATCH = 20_000;
/** Tickets per INSERT statement. */
const ROWS_PER_STATEMENT = 2_000;

export interface DemoAccount {
  email: string;
  role: string;
  name: string;
}

const demoEmail = (firstName: string) => `${firstName.toLowerCase()}@${EMAIL_DOMAIN}`;

/** Demo fills only a database with no data yet: at most the first admin account (npm start ran once). */
export function isEmptyForDemo(db: Db): boolean {
  const row = db.prepare(`SELECT (SELECT count(*) FROM tickets) + (SELECT count(*) FROM categories) + (SELECT count(*) FROM services)
    + (SELECT count(*) FROM users WHERE role <> 'super' OR email IN (${DEMO_STAFF.map(() => '?').join(', ')})) AS n`)
    .get(...DEMO_STAFF.map((person) => demoEmail(person.first_name)));
  return Number((row as { n: number }).n) === 0;
}

export interface FirstAdmin {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

export interface DemoOptions {
  tickets: number;
  scryptCost: number;
  /** Created too when the database has no account yet, so ADMIN_* still signs in. */
  admin?: FirstAdmin;
  now?: number;
}

export async function fillDemo(db: Db, options: DemoOptions): Promise<DemoAccount[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, options.scryptCost);
  const { admin: firstAdmin } = options;
  const firstAdminHash = firstAdmin && (await hashPassword(firstAdmin.password, options.scryptCost));
  const random = seededRandom(options.tickets + 1);
  const now = options.now ?? Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  const setup = transaction(db, () => {
    const insertUser = db.prepare('INSERT INTO users (first_name, last_name, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id');
    if (firstAdmin && firstAdminHash) {
      insertUser.get(firstAdmin.first_name, firstAdmin.last_name, firstAdmin.email.toLowerCase(), 'super', firstAdminHash, iso(now));
    }
    const staff = DEMO_STAFF.map((person) => {
      const email = demoEmail(person.first_name);
      const { id } = insertUser.get(person.first_name, person.last_name, email, person.role, passwordHash, iso(now - SPREAD_DAYS * DAY_MS)) as { id: number };
      return { ...person, id, email };
    });
    const byRole = (role: string) => staff.filter((s) => s.role === role);
    const [admin] = byRole('super');
    const supports = byRole('support');
    const developers = byRole('developer');

    const insertCategory = db.prepare('INSERT INTO categories (name) VALUES (?) RETURNING id');
    const categories = DEMO_CATEGORIES.map((name) => ({ name, id: Number((insertCategory.get(name) as { id: number }).id) }));
    const insertService = db.prepare('INSERT INTO services (name, app) VALUES (?, ?) RETURNING id');
    const services = APPS.flatMap((app: AppName) => DEMO_SERVICES[app].map((name) => ({ name, app, id: Number((insertService.get(name, app) as { id: number }).id) })));

    return { staff, admin: admin!, supports, developers, categories, services };
  });
  const { staff, admin, supports, developers, categories, services } = setup;

  // Tickets go in many rows per statement (from a JSON array): the search index's trigger then
  // writes one index segment per statement instead of one per ticket (figure: bench/README.md).
  const TICKET_COLUMNS = ['id', 'number', 'title', 'description', 'priority', 'category', 'category_id', 'service', 'service_id', 'app', 'link',
    'has_image', 'status', 'created_by', 'created_by_id', 'developer_id', 'developer_name', 'created_at', 'updated_at', 'due_date'];
  const insertTickets = db.prepare(`INSERT INTO tickets (${TICKET_COLUMNS.join(', ')})
    SELECT ${TICKET_COLUMNS.map((_, i) => `value ->> ${i}`).join(', ')} FROM json_each(?)`);
  const insertImage = db.prepare('INSERT INTO ticket_images (ticket_id, data_url) VALUES (?, ?)');
  const insertLog = db.prepare('INSERT INTO ticket_logs (ticket_id, user_id, name, action, created_at) VALUES (?, ?, ?, ?, ?)');
  let ticketRows: unknown[][] = [];
  let logRows: Array<[number, number, string, string, string]> = [];
  let imageIds: number[] = [];
  /** Tickets first: logs and images refer to them. */
  const flush = () => {
    if (ticketRows.length) insertTickets.run(JSON.stringify(ticketRows));
    for (const id of imageIds) insertImage.run(id, DEMO_IMAGE);
    for (const log of logRows) insertLog.run(...log);
    ticketRows = [];
    logRows = [];
    imageIds = [];
  };
  const start = now - SPREAD_DAYS * DAY_MS;
  const step = (SPREAD_DAYS * DAY_MS) / Math.max(1, options.tickets);

  for (let first = 1; first <= options.tickets; first += BATCH) transaction(db, () => {
    for (let id = first; id <= Math.min(options.tickets, first + BATCH - 1); id++) {
      const createdAt = start + (id - 1) * step + random.next() * step * 0.9;
      let at = createdAt;
      const later = () => (at = Math.min(now, at + random.between(10 * 60_000, 2 * DAY_MS)));
      const creator = random.next() < 0.15 ? admin : random.pick(supports);
      const service = random.pick(services);
      const category = random.pick(categories);
      const events: Array<[actor: (typeof staff)[number], action: string, at: number]> = [[creator, 'opened', at]];
      let developer: (typeof staff)[number] | undefined;

      // Lifecycle: roughly a third stay open, a third are being worked on, a third are closed.
      const fate = random.next();
      if (fate >= 0.33) {
        developer = random.pick(developers);
        events.push([random.next() < 0.5 ? admin : developer, 'assigned', later()]);
        if (random.next() < 0.08) {
          events.push([admin, 'unassigned', later()]);
          developer = random.pick(developers);
          events.push([admin, 'assigned', later()]);
        }
      }
      let status = developer ? 'assigned' : 'opened';
      if (fate >= 0.66) {
        events.push([random.pick([creator, developer ?? admin, admin]), 'closed', later()]);
        status = 'closed';
        if (random.next() < 0.1) {
          events.push([random.pick(supports), 'opened', later()]);
          status = 'opened';
          developer = undefined;
        }
      }

      const hasImage = random.next() < 0.03;
      const title = demoTitle(random, service.name);
      const description = demoDescription(random);
      const link = random.next() < 0.3 ? `https://status.example.com/incidents/${id}` : null;
      // A third of tickets have a due date, one to three weeks after they were raised.
      const dueDate = random.next() < 0.35 ? iso(createdAt + Math.ceil(random.between(1, 21)) * DAY_MS).slice(0, 10) : null;
      ticketRows.push([id, ticketNumber(id), title, description, random.pick(PRIORITIES), category.name, category.id, service.name,
        service.id, service.app, link, hasImage ? 1 : 0, status, creator.first_name, creator.id, developer?.id ?? null,
        developer?.first_name ?? null, iso(createdAt), iso(at), dueDate]);
      if (hasImage) imageIds.push(id);
      for (const [actor, action, when] of events) logRows.push([id, actor.id, actor.first_name, action, iso(when)]);
      if (ticketRows.length === ROWS_PER_STATEMENT) flush();
    }
    flush();
  });
  const accounts = staff.map((s) => ({ email: s.email, role: s.role, name: `${s.first_name} ${s.last_name}` }));
  return firstAdmin ? [{ email: firstAdmin.email, role: 'super', name: `${firstAdmin.first_name} ${firstAdmin.last_name}` }, ...accounts] : accounts;
}
