/**
 * Migration 18: the reports' rollups (docs/design.md#reports), kept by triggers in the transaction
 * of every write, whichever path makes it (the store, bulk changes, the demo fill, cascading
 * deletes), and back-filled from the tickets and their log. A report then reads a few thousand
 * rollup rows and the range's closes instead of every ticket and log row:
 *
 * - report_days: per UTC day, the log's 'opened' and 'closed' rows (the backlog is their running difference);
 * - report_created: per grouping, UTC creation day and group key, tickets created, and of those
 *   the service levels met and judged (met or breached);
 * - report_closes: one row per close, with its hours and the ticket's group keys as they are now;
 * - report_assigns: per ticket, its first assignment and the hours to it.
 *
 * The hours are the same expression the scan used, so percentiles and medians come out the same.
 * A ticket's service-level state lives in ticket_sla (migration 16), written after its ticket and
 * deleted before it: the tickets' triggers read the state the ticket has at that moment, and
 * ticket_sla's own triggers move the met and judged counts of the ticket's rows when it changes (a
 * state neither met nor breached counts nowhere, so a policy's first 100,000 on-track rows fire none).
 */

/** Each grouping's key, as the scan grouped it: tickets without a developer under 'none'. */
export const GROUP_KEYS: Record<string, (row: string) => string> = {
  app: (row) => `${row}.app`,
  category: (row) => `${row}.category_id`,
  service: (row) => `${row}.service_id`,
  priority: (row) => `${row}.priority`,
  developer: (row) => `coalesce(${row}.developer_id, 'none')`,
};
const GROUPED_COLUMNS = ['app', 'category_id', 'service_id', 'priority', 'developer_id'];
export const DAY = (row: string) => `substr(${row}.created_at, 1, 10)`;
/** 1 or 0 for a state, 0 for none (no ticket_sla row). */
export const MET = (state: string) => `coalesce(${state} = 'met', 0)`;
export const JUDGED = (state: string) => `coalesce(${state} IN ('met', 'breached'), 0)`;
/** A ticket row's service-level state, or null when it has none. */
const STATE_OF = (row: string) => `(SELECT sla_state FROM ticket_sla WHERE ticket_id = ${row}.id)`;
const HOURS = (later: string, earlier: string) => `(julianday(${later}) - julianday(${earlier})) * 24`;

export const UPSERT_COUNTS = 'ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;';

/** Adds (sign 1) or takes away (sign -1) one ticket's row in each grouping's rollup. */
const countTicket = (row: 'new' | 'old', sign: 1 | -1) =>
  Object.entries(GROUP_KEYS)
    .map(([group, key]) => `INSERT INTO report_created VALUES ('${group}', ${key(row)}, ${DAY(row)}, ${sign}, ${sign} * ${MET(STATE_OF(row))}, ${sign} * ${JUDGED(STATE_OF(row))})
      ${UPSERT_COUNTS}`)
    .join('\n    ');

/** Adds (sign 1) or takes away (sign -1) one ticket_sla row's state in its ticket's rows (the ticket is there: see above). */
export const countState = (row: 'new' | 'old', sign: 1 | -1) =>
  Object.entries(GROUP_KEYS)
    .map(([group, key]) => `INSERT INTO report_created SELECT '${group}', ${key('t')}, ${DAY('t')}, 0, ${sign} * ${MET(`${row}.sla_state`)}, ${sign} * ${JUDGED(`${row}.sla_state`)}
      FROM tickets t WHERE t.id = ${row}.ticket_id ${UPSERT_COUNTS}`)
    .join('\n    ');

const changed = (columns: string[]) => columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');

const backFillCreated = Object.entries(GROUP_KEYS)
  .map(([group, key]) => `INSERT INTO report_created SELECT '${group}', ${key('t')}, ${DAY('t')}, count(*), sum(${MET('s.sla_state')}), sum(${JUDGED('s.sla_state')})
    FROM tickets t LEFT JOIN ticket_sla s ON s.ticket_id = t.id GROUP BY 2, 3;`)
  .join('\n  ');

const CLOSE_ROW = (log: string) => `${log}.created_at, ${log}.id, t.id, ${HOURS(`${log}.created_at`, 't.created_at')},
      t.app, t.category_id, t.service_id, t.priority, coalesce(t.developer_id, 'none')`;
/** The ticket's first assignment, from what the log holds now (a delete may take the first away). */
const FIRST_ASSIGNMENT = (ticket: string) => `INSERT INTO report_assigns
      SELECT t.id, t.created_at, a.first_at, ${HOURS('a.first_at', 't.created_at')}
      FROM (SELECT min(created_at) AS first_at FROM ticket_logs WHERE ticket_id = ${ticket} AND action = 'assigned') a
      JOIN tickets t ON t.id = ${ticket} WHERE a.first_at IS NOT NULL`;

export const REPORT_ROLLUPS_MIGRATION = `
  CREATE TABLE report_days (
    day    TEXT PRIMARY KEY,
    opened INTEGER NOT NULL,
    closed INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE report_created (
    grp     TEXT NOT NULL,
    key     ANY NOT NULL,
    day     TEXT NOT NULL,
    created INTEGER NOT NULL,
    met     INTEGER NOT NULL,
    judged  INTEGER NOT NULL,
    PRIMARY KEY (grp, day, key)
  ) WITHOUT ROWID;
  CREATE TABLE report_closes (
    closed_at     TEXT NOT NULL,
    log_id        INTEGER NOT NULL,
    ticket_id     INTEGER NOT NULL,
    hours         REAL NOT NULL,
    app           TEXT NOT NULL,
    category_id   INTEGER NOT NULL,
    service_id    INTEGER NOT NULL,
    priority      TEXT NOT NULL,
    developer_key ANY NOT NULL,
    PRIMARY KEY (closed_at, log_id)
  ) WITHOUT ROWID;
  CREATE INDEX report_closes_ticket ON report_closes (ticket_id);
  CREATE TABLE report_assigns (
    ticket_id  INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    first_at   TEXT NOT NULL,
    hours      REAL NOT NULL
  );
  CREATE INDEX report_assigns_created ON report_assigns (created_at, first_at, hours);

  INSERT INTO report_days SELECT ${DAY('l')}, sum(l.action = 'opened'), sum(l.action = 'closed')
    FROM ticket_logs l WHERE l.action IN ('opened', 'closed') GROUP BY 1;
  ${backFillCreated}
  INSERT INTO report_closes SELECT ${CLOSE_ROW('l')} FROM ticket_logs l JOIN tickets t ON t.id = l.ticket_id WHERE l.action = 'closed';
  INSERT INTO report_assigns SELECT t.id, t.created_at, min(l.created_at), ${HOURS('min(l.created_at)', 't.created_at')}
    FROM ticket_logs l JOIN tickets t ON t.id = l.ticket_id WHERE l.action = 'assigned' GROUP BY t.id;

  CREATE TRIGGER report_tickets_ai AFTER INSERT ON tickets BEGIN
    ${countTicket('new', 1)}
  END;
  CREATE TRIGGER report_tickets_ad AFTER DELETE ON tickets BEGIN
    ${countTicket('old', -1)}
    DELETE FROM report_closes WHERE ticket_id = old.id;
    DELETE FROM report_assigns WHERE ticket_id = old.id;
  END;
  CREATE TRIGGER report_tickets_au AFTER UPDATE OF ${GROUPED_COLUMNS.join(', ')}, created_at ON tickets
    WHEN ${changed([...GROUPED_COLUMNS, 'created_at'])} BEGIN
    ${countTicket('old', -1)}
    ${countTicket('new', 1)}
  END;
  CREATE TRIGGER report_sla_ai AFTER INSERT ON ticket_sla WHEN ${JUDGED('new.sla_state')} BEGIN
    ${countState('new', 1)}
  END;
  CREATE TRIGGER report_sla_ad AFTER DELETE ON ticket_sla WHEN ${JUDGED('old.sla_state')} BEGIN
    ${countState('old', -1)}
  END;
  CREATE TRIGGER report_sla_au AFTER UPDATE OF sla_state ON ticket_sla
    WHEN ${MET('old.sla_state')} IS NOT ${MET('new.sla_state')} OR ${JUDGED('old.sla_state')} IS NOT ${JUDGED('new.sla_state')} BEGIN
    ${countState('old', -1)}
    ${countState('new', 1)}
  END;
  CREATE TRIGGER report_closes_au AFTER UPDATE OF ${GROUPED_COLUMNS.join(', ')}, created_at ON tickets
    WHEN ${changed([...GROUPED_COLUMNS, 'created_at'])} BEGIN
    UPDATE report_closes SET app = new.app, category_id = new.category_id, service_id = new.service_id, priority = new.priority,
      developer_key = coalesce(new.developer_id, 'none'), hours = ${HOURS('closed_at', 'new.created_at')} WHERE ticket_id = new.id;
    UPDATE report_assigns SET created_at = new.created_at, hours = ${HOURS('first_at', 'new.created_at')} WHERE ticket_id = new.id;
  END;

  CREATE TRIGGER report_logs_ai AFTER INSERT ON ticket_logs WHEN new.action IN ('opened', 'closed') BEGIN
    INSERT INTO report_days VALUES (${DAY('new')}, new.action = 'opened', new.action = 'closed')
      ON CONFLICT DO UPDATE SET opened = opened + excluded.opened, closed = closed + excluded.closed;
    INSERT INTO report_closes SELECT ${CLOSE_ROW('new')} FROM tickets t WHERE t.id = new.ticket_id AND new.action = 'closed';
  END;
  CREATE TRIGGER report_logs_ad AFTER DELETE ON ticket_logs WHEN old.action IN ('opened', 'closed') BEGIN
    UPDATE report_days SET opened = opened - (old.action = 'opened'), closed = closed - (old.action = 'closed') WHERE day = ${DAY('old')};
    DELETE FROM report_closes WHERE closed_at = old.created_at AND log_id = old.id;
  END;
  CREATE TRIGGER report_assigns_ai AFTER INSERT ON ticket_logs WHEN new.action = 'assigned' BEGIN
    INSERT INTO report_assigns SELECT t.id, t.created_at, new.created_at, ${HOURS('new.created_at', 't.created_at')} FROM tickets t WHERE t.id = new.ticket_id
      ON CONFLICT DO UPDATE SET first_at = excluded.first_at, hours = excluded.hours WHERE excluded.first_at < first_at;
  END;
  CREATE TRIGGER report_assigns_ad AFTER DELETE ON ticket_logs WHEN old.action = 'assigned' BEGIN
    DELETE FROM report_assigns WHERE ticket_id = old.ticket_id;
    ${FIRST_ASSIGNMENT('old.ticket_id')};
  END;
`;
