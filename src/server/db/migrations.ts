/**
 * Ordered schema migrations; PRAGMA user_version records how many have run. Never edit a
 * released step: append a new one, then `npm run schema` to rewrite docs/schema.sql (the result).
 *
 * Tickets keep the category, service, creator and developer NAMES they were given, with no
 * foreign key to categories or services, so deleting one never changes what a ticket shows.
 */
import { REPORT_HISTOGRAMS_MIGRATION } from './report-histograms.ts';
import { REPORT_ROLLUPS_MIGRATION } from './report-rollups.ts';
import { SLA_BATCH_MOVES_MIGRATION } from './sla-batch-moves.ts';

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    email         TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('super', 'support', 'developer')),
    password_hash TEXT NOT NULL,
    last_seen     TEXT,
    created_at    TEXT NOT NULL
  );
  CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);
  CREATE INDEX users_role ON users (role);

  CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_user ON sessions (user_id);

  CREATE TABLE categories (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL
  );
  CREATE UNIQUE INDEX categories_name ON categories (name COLLATE NOCASE);

  CREATE TABLE services (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    app  TEXT NOT NULL CHECK (app IN ('shaq_app', 'shaq_express'))
  );
  CREATE UNIQUE INDEX services_name_app ON services (name COLLATE NOCASE, app);

  CREATE TABLE tickets (
    id             INTEGER PRIMARY KEY,
    number         TEXT NOT NULL UNIQUE,
    title          TEXT NOT NULL,
    description    TEXT NOT NULL,
    priority       TEXT NOT NULL CHECK (priority IN ('low', 'medium', 'high')),
    category       TEXT NOT NULL,
    category_id    INTEGER NOT NULL,
    service        TEXT NOT NULL,
    service_id     INTEGER NOT NULL,
    app            TEXT NOT NULL CHECK (app IN ('shaq_app', 'shaq_express')),
    link           TEXT,
    has_image      INTEGER NOT NULL DEFAULT 0,
    status         TEXT NOT NULL CHECK (status IN ('opened', 'assigned', 'closed')),
    created_by     TEXT NOT NULL,
    created_by_id  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    developer_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    developer_name TEXT,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
  );
  CREATE INDEX tickets_newest ON tickets (created_at DESC, id DESC);
  CREATE INDEX tickets_creator ON tickets (created_by_id);
  CREATE INDEX tickets_developer ON tickets (developer_id);

  CREATE TABLE ticket_images (
    ticket_id INTEGER PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
    data_url  TEXT NOT NULL
  );

  CREATE TABLE ticket_logs (
    id         INTEGER PRIMARY KEY,
    ticket_id  INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    name       TEXT NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('opened', 'assigned', 'unassigned', 'closed')),
    created_at TEXT NOT NULL
  );
  CREATE INDEX ticket_logs_ticket ON ticket_logs (ticket_id, id);
  `,
  // 2: a deleted category or service must never lend its id to a new one: tickets keep the old
  // category_id / service_id, and the edit form would show the newcomer's name for them.
  // AUTOINCREMENT never reuses an id; the counters start above every id a ticket still holds.
  // Neither table is referenced by a foreign key, so they can be rebuilt in place.
  `
  CREATE TABLE categories_v2 (
    id   INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL
  );
  INSERT INTO categories_v2 (id, name) SELECT id, name FROM categories;
  DROP TABLE categories;
  ALTER TABLE categories_v2 RENAME TO categories;
  CREATE UNIQUE INDEX categories_name ON categories (name COLLATE NOCASE);

  CREATE TABLE services_v2 (
    id   INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    app  TEXT NOT NULL CHECK (app IN ('shaq_app', 'shaq_express'))
  );
  INSERT INTO services_v2 (id, name, app) SELECT id, name, app FROM services;
  DROP TABLE services;
  ALTER TABLE services_v2 RENAME TO services;
  CREATE UNIQUE INDEX services_name_app ON services (name COLLATE NOCASE, app);

  DELETE FROM sqlite_sequence WHERE name IN ('categories', 'categories_v2', 'services', 'services_v2');
  INSERT INTO sqlite_sequence (name, seq) VALUES
    ('categories', max(coalesce((SELECT max(id) FROM categories), 0), coalesce((SELECT max(category_id) FROM tickets), 0))),
    ('services', max(coalesce((SELECT max(id) FROM services), 0), coalesce((SELECT max(service_id) FROM tickets), 0)));
  `,
  // 3: the work queue (design.md#work-queue-api). A priority rank to sort by; indexes for every filter and
  // sort; and full-text search over the words people look for. The FTS table reads its text from
  // tickets (external content), so it stores only the index; triggers keep it in step. `facets`
  // puts each filter's value in the index as one token (status_opened, developer_none, …), so a
  // search with filters is counted by the FTS index alone instead of row by row.
  `
  ALTER TABLE tickets ADD COLUMN priority_rank INTEGER
    GENERATED ALWAYS AS (CASE priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) VIRTUAL;
  ALTER TABLE tickets ADD COLUMN facets TEXT GENERATED ALWAYS AS (
    'status_' || status || ' app_' || app || ' priority_' || priority || ' category_' || category_id ||
    ' service_' || service_id || ' creator_' || coalesce(created_by_id, 'none') || ' developer_' || coalesce(developer_id, 'none')
  ) VIRTUAL;
  CREATE INDEX tickets_updated ON tickets (updated_at DESC, id DESC);
  CREATE INDEX tickets_priority ON tickets (priority_rank DESC, created_at DESC, id DESC);
  CREATE INDEX tickets_status ON tickets (status, created_at DESC, id DESC);
  CREATE INDEX tickets_app ON tickets (app, created_at DESC, id DESC);
  CREATE INDEX tickets_priority_filter ON tickets (priority, created_at DESC, id DESC);
  CREATE INDEX tickets_category ON tickets (category_id, created_at DESC, id DESC);
  CREATE INDEX tickets_service ON tickets (service_id, created_at DESC, id DESC);
  DROP INDEX tickets_creator;
  DROP INDEX tickets_developer;
  CREATE INDEX tickets_creator ON tickets (created_by_id, created_at DESC, id DESC);
  CREATE INDEX tickets_developer ON tickets (developer_id, created_at DESC, id DESC);

  CREATE VIRTUAL TABLE tickets_fts USING fts5 (
    number, title, description, created_by, developer_name, category, service, facets,
    content = 'tickets', content_rowid = 'id',
    tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '2 3'
  );
  INSERT INTO tickets_fts (tickets_fts) VALUES ('rebuild');
  CREATE TRIGGER tickets_fts_ai AFTER INSERT ON tickets BEGIN
    INSERT INTO tickets_fts (rowid, number, title, description, created_by, developer_name, category, service, facets)
    VALUES (new.id, new.number, new.title, new.description, new.created_by, new.developer_name, new.category, new.service, new.facets);
  END;
  CREATE TRIGGER tickets_fts_ad AFTER DELETE ON tickets BEGIN
    INSERT INTO tickets_fts (tickets_fts, rowid, number, title, description, created_by, developer_name, category, service, facets)
    VALUES ('delete', old.id, old.number, old.title, old.description, old.created_by, old.developer_name, old.category, old.service, old.facets);
  END;
  CREATE TRIGGER tickets_fts_au AFTER UPDATE ON tickets BEGIN
    INSERT INTO tickets_fts (tickets_fts, rowid, number, title, description, created_by, developer_name, category, service, facets)
    VALUES ('delete', old.id, old.number, old.title, old.description, old.created_by, old.developer_name, old.category, old.service, old.facets);
    INSERT INTO tickets_fts (rowid, number, title, description, created_by, developer_name, category, service, facets)
    VALUES (new.id, new.number, new.title, new.description, new.created_by, new.developer_name, new.category, new.service, new.facets);
  END;
  `,
  // 4: a deleted account must never lend its id to a new one: tickets, logs and old tokens name
  // users by id. AUTOINCREMENT never reuses one. The table is rebuilt with foreign keys off
  // (see migrate()), as SQLite documents, so its children keep their references.
  `
  CREATE TABLE users_v2 (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    email         TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('super', 'support', 'developer')),
    password_hash TEXT NOT NULL,
    last_seen     TEXT,
    created_at    TEXT NOT NULL
  );
  INSERT INTO users_v2 SELECT id, first_name, last_name, email, role, password_hash, last_seen, created_at FROM users;
  DROP TABLE users;
  ALTER TABLE users_v2 RENAME TO users;
  CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);
  CREATE INDEX users_role ON users (role);
  DELETE FROM sqlite_sequence WHERE name IN ('users', 'users_v2');
  INSERT INTO sqlite_sequence (name, seq) VALUES ('users', max(
    coalesce((SELECT max(id) FROM users), 0), coalesce((SELECT max(created_by_id) FROM tickets), 0),
    coalesce((SELECT max(developer_id) FROM tickets), 0), coalesce((SELECT max(user_id) FROM ticket_logs), 0)));
  `,
  // 5: a due date people can plan by: a calendar day or none. Sorting by it puts the soonest
  // first and tickets without one last (due_rank), ties by number.
  `
  ALTER TABLE tickets ADD COLUMN due_date TEXT;
  ALTER TABLE tickets ADD COLUMN due_rank TEXT GENERATED ALWAYS AS (coalesce(due_date, '9999-12-31')) VIRTUAL;
  CREATE INDEX tickets_due ON tickets (due_rank, id);
  `,
  // 6: comments on a ticket (design.md#comments). A comment keeps its author's name and role, so deleting
  // the account keeps the conversation readable. tickets.comment_count is kept by triggers in the
  // same transaction as the comment, so lists show the count without a join. The FTS trigger is
  // narrowed to the columns it indexes: a comment (a count change) must not re-index the ticket.
  `
  CREATE TABLE comments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    ticket_id   INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    author_name TEXT NOT NULL,
    author_role TEXT NOT NULL CHECK (author_role IN ('super', 'support', 'developer')),
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    edited_at   TEXT
  );
  CREATE INDEX comments_ticket ON comments (ticket_id, id);
  CREATE INDEX comments_user ON comments (user_id);
  ALTER TABLE tickets ADD COLUMN comment_count INTEGER NOT NULL DEFAULT 0;
  CREATE TRIGGER comments_count_ai AFTER INSERT ON comments BEGIN
    UPDATE tickets SET comment_count = comment_count + 1 WHERE id = new.ticket_id;
  END;
  CREATE TRIGGER comments_count_ad AFTER DELETE ON comments BEGIN
    UPDATE tickets SET comment_count = comment_count - 1 WHERE id = old.ticket_id;
  END;
  DROP TRIGGER tickets_fts_au;
  CREATE TRIGGER tickets_fts_au AFTER UPDATE OF number, title, description, created_by, developer_name, category, service,
    status, app, priority, category_id, service_id, created_by_id, developer_id ON tickets BEGIN
    INSERT INTO tickets_fts (tickets_fts, rowid, number, title, description, created_by, developer_name, category, service, facets)
    VALUES ('delete', old.id, old.number, old.title, old.description, old.created_by, old.developer_name, old.category, old.service, old.facets);
    INSERT INTO tickets_fts (rowid, number, title, description, created_by, developer_name, category, service, facets)
    VALUES (new.id, new.number, new.title, new.description, new.created_by, new.developer_name, new.category, new.service, new.facets);
  END;
  `,
  // 7: reports (design.md#reports). The activity log by (action, time) counts closes, openings and the
  // backlog before a day without the table. Two narrow copies of each ticket's report fields, by
  // time and by id, let a report read 100,000 tickets without their wide rows (descriptions).
  `
  CREATE INDEX ticket_logs_action ON ticket_logs (action, created_at, ticket_id);
  CREATE INDEX tickets_report ON tickets (created_at, status, app, priority, category_id, service_id, developer_id);
  CREATE INDEX tickets_report_id ON tickets (id, created_at, status, app, priority, category_id, service_id, developer_id);
  `,
  // 8: any filter combination at 100,000 tickets and more. ticket_facts counts the tickets
  // sharing each combination of the filterable columns (no account is id 0), kept by triggers in
  // the writing transaction, so a count sums a few thousand combinations instead of reading every
  // match. The sort indexes carry those columns too: a page walk skips non-matches inside the index.
  // tickets_combination finds the few matches of a narrow filter by seeking each matching
  // combination; with the sort times in it, such a page is chosen from the index alone (the rank
  // sorts read their generated ranks from the rows: SQLite does not take those from an index).
  `
  CREATE TABLE ticket_facts (
    status TEXT NOT NULL, app TEXT NOT NULL, priority TEXT NOT NULL, category_id INTEGER NOT NULL, service_id INTEGER NOT NULL,
    created_by_id INTEGER NOT NULL, developer_id INTEGER NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (status, app, priority, category_id, service_id, created_by_id, developer_id)
  ) WITHOUT ROWID;
  INSERT INTO ticket_facts
    SELECT status, app, priority, category_id, service_id, coalesce(created_by_id, 0), coalesce(developer_id, 0), count(*)
    FROM tickets GROUP BY 1, 2, 3, 4, 5, 6, 7;
  CREATE TRIGGER ticket_facts_ai AFTER INSERT ON tickets BEGIN
    INSERT INTO ticket_facts VALUES (new.status, new.app, new.priority, new.category_id, new.service_id,
      coalesce(new.created_by_id, 0), coalesce(new.developer_id, 0), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER ticket_facts_ad AFTER DELETE ON tickets BEGIN
    UPDATE ticket_facts SET n = n - 1 WHERE (status, app, priority, category_id, service_id, created_by_id, developer_id)
      = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
    DELETE FROM ticket_facts WHERE n = 0 AND (status, app, priority, category_id, service_id, created_by_id, developer_id)
      = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
  END;
  CREATE TRIGGER ticket_facts_au AFTER UPDATE OF status, app, priority, category_id, service_id, created_by_id, developer_id ON tickets BEGIN
    UPDATE ticket_facts SET n = n - 1 WHERE (status, app, priority, category_id, service_id, created_by_id, developer_id)
      = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
    INSERT INTO ticket_facts VALUES (new.status, new.app, new.priority, new.category_id, new.service_id,
      coalesce(new.created_by_id, 0), coalesce(new.developer_id, 0), 1) ON CONFLICT DO UPDATE SET n = n + 1;
    DELETE FROM ticket_facts WHERE n = 0 AND (status, app, priority, category_id, service_id, created_by_id, developer_id)
      = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
  END;
  DROP INDEX tickets_newest;
  DROP INDEX tickets_updated;
  DROP INDEX tickets_priority;
  DROP INDEX tickets_due;
  CREATE INDEX tickets_newest ON tickets (created_at DESC, id DESC, status, app, priority, category_id, service_id, created_by_id, developer_id);
  CREATE INDEX tickets_updated ON tickets (updated_at DESC, id DESC, status, app, priority, category_id, service_id, created_by_id, developer_id);
  CREATE INDEX tickets_priority ON tickets (priority_rank DESC, created_at DESC, id DESC, status, app, priority, category_id, service_id, created_by_id, developer_id);
  CREATE INDEX tickets_due ON tickets (due_rank, id, status, app, priority, category_id, service_id, created_by_id, developer_id);
  CREATE INDEX tickets_combination ON tickets
    (status, app, priority, category_id, service_id, created_by_id, developer_id, created_at, updated_at);
  `,
  // 9: the audit log (design.md#audit-log): one row per change a super makes, written in the change's
  // transaction. actor_id has no foreign key: the row must keep naming its author after the account
  // is deleted (ids are never reused, migration 4); actor_name and target_label are as they were then.
  // Rows are never updated; the retention sweep (AUDIT_KEEP_DAYS) deletes the oldest.
  `
  CREATE TABLE audit_log (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    at           TEXT NOT NULL,
    actor_id     INTEGER NOT NULL,
    actor_name   TEXT NOT NULL,
    address      TEXT NOT NULL,
    kind         TEXT NOT NULL,
    target_id    INTEGER,
    target_label TEXT NOT NULL,
    before       TEXT,
    after        TEXT
  );
  CREATE INDEX audit_log_at ON audit_log (at, id);
  CREATE INDEX audit_log_actor ON audit_log (actor_id, at, id);
  CREATE INDEX audit_log_kind ON audit_log (kind, at, id);
  CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit_log rows are never changed');
  END;
  `,
  // 10: a search of one letter costs no more than any other (design.md#work-queue-api). Without a
  // prefix index of its length, "a"* merges the doclist of every word starting with a: 0.2 s at
  // 100,000 tickets. FTS5 cannot change an index's prefixes: the table is made again, under the
  // same name, so the triggers of migrations 3 and 6 keep writing to it.
  `
  DROP TABLE tickets_fts;
  CREATE VIRTUAL TABLE tickets_fts USING fts5 (
    number, title, description, created_by, developer_name, category, service, facets,
    content = 'tickets', content_rowid = 'id',
    tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '1 2 3'
  );
  INSERT INTO tickets_fts (tickets_fts) VALUES ('rebuild');
  `,
  // 11: notifications (design.md#notifications). Each ticket change is recorded as a ticket_events row in the
  // change's own transaction, beside the notifications, mail and webhook deliveries it causes, so a
  // crash loses none of them; the live stream, webhooks and mail are fed from these rows after the commit.
  // A webhook delivery's row lives until it is delivered or given up.
  `
  CREATE TABLE ticket_events (
    id        INTEGER PRIMARY KEY,
    ticket_id INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    actor_id  INTEGER,
    change    TEXT NOT NULL,
    action    TEXT NOT NULL,
    at        TEXT NOT NULL
  );
  CREATE TABLE ticket_watchers (
    ticket_id INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (ticket_id, user_id)
  ) WITHOUT ROWID;
  CREATE INDEX ticket_watchers_user ON ticket_watchers (user_id);
  CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ticket_id  INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    event_id   INTEGER NOT NULL,
    reason     TEXT NOT NULL CHECK (reason IN ('assigned', 'my_ticket', 'comment', 'mention', 'watching', 'sla')),
    text       TEXT NOT NULL,
    actor_id   INTEGER,
    created_at TEXT NOT NULL,
    read_at    TEXT
  );
  CREATE INDEX notifications_user ON notifications (user_id, id DESC);
  CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
  CREATE INDEX notifications_event ON notifications (event_id);
  CREATE INDEX notifications_ticket ON notifications (ticket_id);
  CREATE TABLE notification_prefs (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    assigned   INTEGER NOT NULL DEFAULT 1,
    my_tickets INTEGER NOT NULL DEFAULT 1,
    comments   INTEGER NOT NULL DEFAULT 1,
    mentions   INTEGER NOT NULL DEFAULT 1,
    sla        INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER REFERENCES users (id) ON DELETE SET NULL,
    to_address      TEXT NOT NULL,
    to_name         TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('ticket', 'test')),
    ticket_id       INTEGER,
    payload         TEXT NOT NULL,
    message_id      TEXT NOT NULL,
    state           TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_reply      TEXT,
    created_at      TEXT NOT NULL,
    sent_at         TEXT
  );
  CREATE INDEX mail_outbox_due ON mail_outbox (state, next_attempt_at);
  CREATE INDEX mail_outbox_created ON mail_outbox (created_at);
  CREATE TABLE webhook_deliveries (
    id              INTEGER PRIMARY KEY,
    event_id        INTEGER NOT NULL,
    url             TEXT NOT NULL,
    message_id      TEXT NOT NULL,
    body            TEXT NOT NULL,
    label           TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL
  );
  `,
  // 12: directory sign-in (docs/design.md#directory-sign-in). A directory account has no password at all
  // (password_hash NULL, source 'directory'), never a fake one. A session is bound to the account's
  // credential_version, which a password change, a directory role change or a refusal raises: every
  // session granted before it ends. user_identities links an account to its directory person
  // (issuer + sub). The table is rebuilt as in step 4, for the nullable hash and the CHECK.
  `
  CREATE TABLE users_v3 (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name         TEXT NOT NULL,
    last_name          TEXT NOT NULL,
    email              TEXT NOT NULL,
    role               TEXT NOT NULL CHECK (role IN ('super', 'support', 'developer')),
    password_hash      TEXT,
    last_seen          TEXT,
    created_at         TEXT NOT NULL,
    source             TEXT NOT NULL DEFAULT 'password' CHECK (source IN ('password', 'directory')),
    credential_version INTEGER NOT NULL DEFAULT 1,
    CHECK ((source = 'directory') = (password_hash IS NULL))
  );
  INSERT INTO users_v3 (id, first_name, last_name, email, role, password_hash, last_seen, created_at)
    SELECT id, first_name, last_name, email, role, password_hash, last_seen, created_at FROM users;
  -- The next id carries over, so a deleted account's id is still never reused.
  INSERT INTO sqlite_sequence (name, seq) SELECT 'users_v3', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'users_v3');
  UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'users'), 0)) WHERE name = 'users_v3';
  DROP TABLE users;
  ALTER TABLE users_v3 RENAME TO users;
  CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);
  CREATE INDEX users_role ON users (role);
  ALTER TABLE sessions ADD COLUMN credential_version INTEGER NOT NULL DEFAULT 1;
  CREATE TABLE user_identities (
    issuer  TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    linked_at TEXT NOT NULL,
    PRIMARY KEY (issuer, subject)
  ) WITHOUT ROWID;
  CREATE UNIQUE INDEX user_identities_user ON user_identities (user_id, issuer);
  `,
  // 13: service levels (design.md#service-levels). One policy row (none: SLA off). Each ticket keeps its
  // deadlines, first response, state and the next instant time alone changes that state, so lists filter
  // and count by state from an index, and the timer finds what crosses by seeking sla_next_at. sla_clock_at
  // is when the resolve clock started: the creation, or the last reopen. None of these columns is in the
  // search index's trigger, so a policy change rewrites no search entry.
  `
  CREATE TABLE sla_policy (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    policy     TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  ALTER TABLE tickets ADD COLUMN respond_by TEXT;
  ALTER TABLE tickets ADD COLUMN resolve_by TEXT;
  ALTER TABLE tickets ADD COLUMN responded_at TEXT;
  ALTER TABLE tickets ADD COLUMN sla_clock_at TEXT;
  ALTER TABLE tickets ADD COLUMN sla_state TEXT NOT NULL DEFAULT 'none'
    CHECK (sla_state IN ('none', 'on_track', 'due_soon', 'breached', 'met'));
  ALTER TABLE tickets ADD COLUMN sla_next_at TEXT;
  UPDATE tickets SET responded_at = (SELECT min(l.created_at) FROM ticket_logs l WHERE l.ticket_id = tickets.id AND l.action = 'assigned'),
    sla_clock_at = coalesce((SELECT max(l.created_at) FROM ticket_logs l WHERE l.ticket_id = tickets.id AND l.action = 'opened'), created_at);
  CREATE INDEX tickets_sla ON tickets (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id, created_at);
  CREATE INDEX tickets_sla_next ON tickets (sla_next_at) WHERE sla_next_at IS NOT NULL;
  `,
  // 14: saved views (docs/design.md#saved-views): a named list query. A person's own view has an
  // owner and goes with their account; a shared view (a super's) has none, so it outlives the
  // super who made it. Names are unique per owner, and among shared views, whatever their case.
  `
  CREATE TABLE saved_views (
    id         INTEGER PRIMARY KEY,
    owner_id   INTEGER REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    query      TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX saved_views_name ON saved_views (coalesce(owner_id, 0), name COLLATE NOCASE);
  `,
  // 15: canned replies (docs/design.md#canned-replies): texts a super writes for everyone to insert into a
  // comment. They belong to no account, so they outlive the super who wrote them; titles are unique whatever their case.
  `
  CREATE TABLE replies (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX replies_title ON replies (title COLLATE NOCASE);
  `,
  // 16: a ticket's service level in a narrow table of its own (design.md#service-levels). A policy change
  // rewrites every open ticket's deadlines: on the wide ticket row, and with the state leading an index of
  // every filter column, each batch dirtied hundreds of scattered pages (13-20 s at 100,000 tickets). Here
  // a row is about 80 bytes and the state index is (state, ticket id), so a batch in id order writes a few
  // neighbouring pages. No row: no service level (state none). responded_at and sla_clock_at, written by
  // the ticket's own transitions, stay on the ticket. `recomputed` is 0 from a policy change until its
  // recompute's last batch, so a recompute cut short (a crash, a power cut) is resumed at start.
  // sla_facts counts the tickets per state and combination of filter values (as ticket_facts: 0 for no
  // account), kept by triggers: a count of the sla filter with others sums its rows of those states,
  // where the state index would be sought once per candidate ticket. A state change updates two rows of
  // this small table; a ticket's deadlines row goes before the ticket (BEFORE DELETE), so the ticket is
  // still there to name its combination.
  `
  CREATE TABLE ticket_sla (
    ticket_id   INTEGER PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
    sla_state   TEXT NOT NULL CHECK (sla_state IN ('on_track', 'due_soon', 'breached', 'met')),
    respond_by  TEXT,
    resolve_by  TEXT,
    sla_next_at TEXT
  );
  INSERT INTO ticket_sla (ticket_id, sla_state, respond_by, resolve_by, sla_next_at)
    SELECT id, sla_state, respond_by, resolve_by, sla_next_at FROM tickets WHERE sla_state <> 'none' ORDER BY id;
  CREATE INDEX ticket_sla_state ON ticket_sla (sla_state);
  CREATE INDEX ticket_sla_next ON ticket_sla (sla_next_at) WHERE sla_next_at IS NOT NULL;
  DROP INDEX tickets_sla;
  DROP INDEX tickets_sla_next;
  ALTER TABLE tickets DROP COLUMN respond_by;
  ALTER TABLE tickets DROP COLUMN resolve_by;
  ALTER TABLE tickets DROP COLUMN sla_state;
  ALTER TABLE tickets DROP COLUMN sla_next_at;
  ALTER TABLE sla_policy ADD COLUMN recomputed INTEGER NOT NULL DEFAULT 1;
  CREATE TABLE sla_facts (
    sla_state TEXT NOT NULL, status TEXT NOT NULL, app TEXT NOT NULL, priority TEXT NOT NULL, category_id INTEGER NOT NULL,
    service_id INTEGER NOT NULL, created_by_id INTEGER NOT NULL, developer_id INTEGER NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id)
  ) WITHOUT ROWID;
  INSERT INTO sla_facts SELECT s.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0), count(*)
    FROM ticket_sla s JOIN tickets t ON t.id = s.ticket_id GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  CREATE TRIGGER sla_facts_ai AFTER INSERT ON ticket_sla BEGIN
    INSERT INTO sla_facts SELECT new.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0), 1 FROM tickets t WHERE t.id = new.ticket_id
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER sla_facts_ad AFTER DELETE ON ticket_sla BEGIN
    UPDATE sla_facts SET n = n - 1 WHERE (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id) = (SELECT old.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0) FROM tickets t WHERE t.id = old.ticket_id);
  END;
  CREATE TRIGGER sla_facts_au AFTER UPDATE OF sla_state ON ticket_sla WHEN old.sla_state <> new.sla_state BEGIN
    UPDATE sla_facts SET n = n - 1 WHERE (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id) = (SELECT old.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0) FROM tickets t WHERE t.id = old.ticket_id);
    INSERT INTO sla_facts SELECT new.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0), 1 FROM tickets t WHERE t.id = new.ticket_id
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER sla_facts_tickets_au AFTER UPDATE OF status, app, priority, category_id, service_id, created_by_id, developer_id ON tickets
    WHEN old.facets <> new.facets BEGIN
    UPDATE sla_facts SET n = n - 1 WHERE (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id) = (SELECT s.sla_state, old.status, old.app, old.priority, old.category_id, old.service_id,
      coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0) FROM ticket_sla s WHERE s.ticket_id = new.id);
    INSERT INTO sla_facts SELECT s.sla_state, new.status, new.app, new.priority, new.category_id, new.service_id,
      coalesce(new.created_by_id, 0), coalesce(new.developer_id, 0), 1 FROM ticket_sla s WHERE s.ticket_id = new.id
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER sla_facts_tickets_bd BEFORE DELETE ON tickets BEGIN
    DELETE FROM ticket_sla WHERE ticket_id = old.id;
  END;
  `,
  // 17: who an assignment gave the ticket to, by name as the ticket keeps it (docs/design.md#ticket-page),
  // so the ticket's timeline names the assignee. Older rows knew no assignee: only the latest assignment
  // of a ticket that is still assigned can be filled in (its developer is on the ticket); the rest stay null.
  `
  ALTER TABLE ticket_logs ADD COLUMN assignee TEXT;
  UPDATE ticket_logs SET assignee = (SELECT t.developer_name FROM tickets t WHERE t.id = ticket_logs.ticket_id)
    WHERE id IN (SELECT max(l.id) FROM ticket_logs l JOIN tickets t ON t.id = l.ticket_id
      WHERE l.action = 'assigned' AND t.status = 'assigned' AND t.developer_name IS NOT NULL GROUP BY l.ticket_id);
  `,
  // 18: the reports' daily rollups (docs/design.md#reports), kept by triggers: db/report-rollups.ts.
  REPORT_ROLLUPS_MIGRATION,
  // 19: a policy's recompute moves the counts of service-level states once per batch: db/sla-batch-moves.ts.
  SLA_BATCH_MOVES_MIGRATION,
  // 20: histograms of the reports' hours (docs/design.md#report-rollups), kept by triggers: db/report-histograms.ts.
  REPORT_HISTOGRAMS_MIGRATION,
  // 21: the status a transition left (design.md#live-updates): a list whose status filter holds both
  // the old and the new status shows the same tickets after it, so it need not refetch.
  `
  ALTER TABLE ticket_events ADD COLUMN from_status TEXT;
  `,
];
