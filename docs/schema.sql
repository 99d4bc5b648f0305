-- Generated from a freshly migrated database (PRAGMA user_version = 21) by
-- tests/server/schema.test.ts; do not edit. After adding a migration: `npm run schema`.
-- The migrations themselves are src/server/db/migrations.ts. Left out: SQLite's own tables
-- and the shadow tables FTS5 makes for tickets_fts.

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

CREATE INDEX audit_log_actor ON audit_log (actor_id, at, id);

CREATE INDEX audit_log_at ON audit_log (at, id);

CREATE INDEX audit_log_kind ON audit_log (kind, at, id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log rows are never changed');
END;

CREATE TABLE "categories" (
  id   INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL
);

CREATE UNIQUE INDEX categories_name ON categories (name COLLATE NOCASE);

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

CREATE TRIGGER comments_count_ad AFTER DELETE ON comments BEGIN
  UPDATE tickets SET comment_count = comment_count - 1 WHERE id = old.ticket_id;
END;

CREATE TRIGGER comments_count_ai AFTER INSERT ON comments BEGIN
  UPDATE tickets SET comment_count = comment_count + 1 WHERE id = new.ticket_id;
END;

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

CREATE INDEX mail_outbox_created ON mail_outbox (created_at);

CREATE INDEX mail_outbox_due ON mail_outbox (state, next_attempt_at);

CREATE TABLE notification_prefs (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  assigned   INTEGER NOT NULL DEFAULT 1,
  my_tickets INTEGER NOT NULL DEFAULT 1,
  comments   INTEGER NOT NULL DEFAULT 1,
  mentions   INTEGER NOT NULL DEFAULT 1,
  sla        INTEGER NOT NULL DEFAULT 1
);

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

CREATE INDEX notifications_event ON notifications (event_id);

CREATE INDEX notifications_ticket ON notifications (ticket_id);

CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

CREATE INDEX notifications_user ON notifications (user_id, id DESC);

CREATE TABLE replies (
  id         INTEGER PRIMARY KEY,
  title      TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE UNIQUE INDEX replies_title ON replies (title COLLATE NOCASE);

CREATE TABLE report_assign_hours (
  span   INTEGER NOT NULL,
  block  INTEGER NOT NULL,
  bucket INTEGER NOT NULL,
  n      INTEGER NOT NULL,
  PRIMARY KEY (span, block, bucket)
) WITHOUT ROWID;

CREATE TABLE report_assigns (
  ticket_id  INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  first_at   TEXT NOT NULL,
  hours      REAL NOT NULL
, bucket INTEGER GENERATED ALWAYS AS (CASE WHEN hours < 0 THEN -1
  WHEN hours < 48 THEN CAST(hours * 4 AS INTEGER)
  WHEN hours < 336 THEN 192 + CAST(hours - 48 AS INTEGER)
  WHEN hours < 8760 THEN 480 + CAST((hours - 336) / 24 AS INTEGER)
  ELSE 831 + CAST((hours - 8760) / 168 AS INTEGER) END) VIRTUAL);

CREATE INDEX report_assigns_bucket ON report_assigns (bucket, created_at, first_at, hours);

CREATE INDEX report_assigns_created ON report_assigns (created_at, first_at, hours);

CREATE INDEX report_assigns_uncounted ON report_assigns (created_at, first_at, hours, bucket) WHERE NOT (substr(first_at, 1, 10) >= substr(created_at, 1, 10));

CREATE TRIGGER report_assign_hours_ad AFTER DELETE ON report_assigns BEGIN
  UPDATE report_assign_hours SET n = n - 1 WHERE (span, block, bucket) IN (SELECT s.span, coalesce(CAST(julianday(substr(old.created_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, old.bucket FROM (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s WHERE substr(old.first_at, 1, 10) >= substr(old.created_at, 1, 10));
END;

CREATE TRIGGER report_assign_hours_ai AFTER INSERT ON report_assigns BEGIN
  INSERT INTO report_assign_hours SELECT *, 1 FROM (SELECT s.span, coalesce(CAST(julianday(substr(new.created_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, new.bucket FROM (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s WHERE substr(new.first_at, 1, 10) >= substr(new.created_at, 1, 10)) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER report_assign_hours_au AFTER UPDATE OF created_at, first_at, hours ON report_assigns BEGIN
  UPDATE report_assign_hours SET n = n - 1 WHERE (span, block, bucket) IN (SELECT s.span, coalesce(CAST(julianday(substr(old.created_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, old.bucket FROM (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s WHERE substr(old.first_at, 1, 10) >= substr(old.created_at, 1, 10));
  INSERT INTO report_assign_hours SELECT *, 1 FROM (SELECT s.span, coalesce(CAST(julianday(substr(new.created_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, new.bucket FROM (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s WHERE substr(new.first_at, 1, 10) >= substr(new.created_at, 1, 10)) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE report_close_hours (
  grp    TEXT NOT NULL,
  span   INTEGER NOT NULL,
  block  INTEGER NOT NULL,
  key    ANY NOT NULL,
  bucket INTEGER NOT NULL,
  n      INTEGER NOT NULL,
  PRIMARY KEY (grp, span, block, key, bucket)
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
  developer_key ANY NOT NULL, bucket INTEGER GENERATED ALWAYS AS (CASE WHEN hours < 0 THEN -1
  WHEN hours < 48 THEN CAST(hours * 4 AS INTEGER)
  WHEN hours < 336 THEN 192 + CAST(hours - 48 AS INTEGER)
  WHEN hours < 8760 THEN 480 + CAST((hours - 336) / 24 AS INTEGER)
  ELSE 831 + CAST((hours - 8760) / 168 AS INTEGER) END) VIRTUAL,
  PRIMARY KEY (closed_at, log_id)
) WITHOUT ROWID;

CREATE INDEX report_closes_app_bucket ON report_closes (bucket, app, closed_at, hours);

CREATE INDEX report_closes_category_bucket ON report_closes (bucket, category_id, closed_at, hours);

CREATE INDEX report_closes_developer_bucket ON report_closes (bucket, developer_key, closed_at, hours);

CREATE INDEX report_closes_priority_bucket ON report_closes (bucket, priority, closed_at, hours);

CREATE INDEX report_closes_service_bucket ON report_closes (bucket, service_id, closed_at, hours);

CREATE INDEX report_closes_ticket ON report_closes (ticket_id);

CREATE TRIGGER report_close_hours_ad AFTER DELETE ON report_closes BEGIN
  UPDATE report_close_hours SET n = n - 1 WHERE (grp, span, block, key, bucket) IN (SELECT g.grp, s.span, coalesce(CAST(julianday(substr(old.closed_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, g.key, old.bucket FROM (SELECT 'app' AS grp, old.app AS key UNION ALL SELECT 'category' AS grp, old.category_id AS key UNION ALL SELECT 'service' AS grp, old.service_id AS key UNION ALL SELECT 'priority' AS grp, old.priority AS key UNION ALL SELECT 'developer' AS grp, old.developer_key AS key) g CROSS JOIN (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s);
END;

CREATE TRIGGER report_close_hours_ai AFTER INSERT ON report_closes BEGIN
  INSERT INTO report_close_hours SELECT *, 1 FROM (SELECT g.grp, s.span, coalesce(CAST(julianday(substr(new.closed_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, g.key, new.bucket FROM (SELECT 'app' AS grp, new.app AS key UNION ALL SELECT 'category' AS grp, new.category_id AS key UNION ALL SELECT 'service' AS grp, new.service_id AS key UNION ALL SELECT 'priority' AS grp, new.priority AS key UNION ALL SELECT 'developer' AS grp, new.developer_key AS key) g CROSS JOIN (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER report_close_hours_au AFTER UPDATE OF hours, app, category_id, service_id, priority, developer_key, closed_at ON report_closes BEGIN
  UPDATE report_close_hours SET n = n - 1 WHERE (grp, span, block, key, bucket) IN (SELECT g.grp, s.span, coalesce(CAST(julianday(substr(old.closed_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, g.key, old.bucket FROM (SELECT 'app' AS grp, old.app AS key UNION ALL SELECT 'category' AS grp, old.category_id AS key UNION ALL SELECT 'service' AS grp, old.service_id AS key UNION ALL SELECT 'priority' AS grp, old.priority AS key UNION ALL SELECT 'developer' AS grp, old.developer_key AS key) g CROSS JOIN (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s);
  INSERT INTO report_close_hours SELECT *, 1 FROM (SELECT g.grp, s.span, coalesce(CAST(julianday(substr(new.closed_at, 1, 10)) AS INTEGER), 0) / s.span * s.span, g.key, new.bucket FROM (SELECT 'app' AS grp, new.app AS key UNION ALL SELECT 'category' AS grp, new.category_id AS key UNION ALL SELECT 'service' AS grp, new.service_id AS key UNION ALL SELECT 'priority' AS grp, new.priority AS key UNION ALL SELECT 'developer' AS grp, new.developer_key AS key) g CROSS JOIN (SELECT 64 AS span UNION ALL SELECT 16 AS span UNION ALL SELECT 4 AS span UNION ALL SELECT 1 AS span) s) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE report_created (
  grp     TEXT NOT NULL,
  key     ANY NOT NULL,
  day     TEXT NOT NULL,
  created INTEGER NOT NULL,
  met     INTEGER NOT NULL,
  judged  INTEGER NOT NULL,
  PRIMARY KEY (grp, day, key)
) WITHOUT ROWID;

CREATE TABLE report_days (
  day    TEXT PRIMARY KEY,
  opened INTEGER NOT NULL,
  closed INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE saved_views (
  id         INTEGER PRIMARY KEY,
  owner_id   INTEGER REFERENCES users (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  query      TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE UNIQUE INDEX saved_views_name ON saved_views (coalesce(owner_id, 0), name COLLATE NOCASE);

CREATE TABLE "services" (
  id   INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  app  TEXT NOT NULL CHECK (app IN ('shaq_app', 'shaq_express'))
);

CREATE UNIQUE INDEX services_name_app ON services (name COLLATE NOCASE, app);

CREATE TABLE sessions (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   TEXT NOT NULL UNIQUE,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
, credential_version INTEGER NOT NULL DEFAULT 1);

CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE sla_batch_moves (
  ticket_id    INTEGER PRIMARY KEY,
  state_before TEXT NOT NULL
);

CREATE TABLE sla_facts (
  sla_state TEXT NOT NULL, status TEXT NOT NULL, app TEXT NOT NULL, priority TEXT NOT NULL, category_id INTEGER NOT NULL,
  service_id INTEGER NOT NULL, created_by_id INTEGER NOT NULL, developer_id INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id)
) WITHOUT ROWID;

CREATE TABLE sla_policy (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  policy     TEXT NOT NULL,
  updated_at TEXT NOT NULL
, recomputed INTEGER NOT NULL DEFAULT 1);

CREATE TABLE ticket_events (
  id        INTEGER PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  actor_id  INTEGER,
  change    TEXT NOT NULL,
  action    TEXT NOT NULL,
  at        TEXT NOT NULL
, from_status TEXT);

CREATE TABLE ticket_facts (
  status TEXT NOT NULL, app TEXT NOT NULL, priority TEXT NOT NULL, category_id INTEGER NOT NULL, service_id INTEGER NOT NULL,
  created_by_id INTEGER NOT NULL, developer_id INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (status, app, priority, category_id, service_id, created_by_id, developer_id)
) WITHOUT ROWID;

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
, assignee TEXT);

CREATE INDEX ticket_logs_action ON ticket_logs (action, created_at, ticket_id);

CREATE INDEX ticket_logs_ticket ON ticket_logs (ticket_id, id);

CREATE TRIGGER report_assigns_ad AFTER DELETE ON ticket_logs WHEN old.action = 'assigned' BEGIN
  DELETE FROM report_assigns WHERE ticket_id = old.ticket_id;
  INSERT INTO report_assigns
    SELECT t.id, t.created_at, a.first_at, (julianday(a.first_at) - julianday(t.created_at)) * 24
    FROM (SELECT min(created_at) AS first_at FROM ticket_logs WHERE ticket_id = old.ticket_id AND action = 'assigned') a
    JOIN tickets t ON t.id = old.ticket_id WHERE a.first_at IS NOT NULL;
END;

CREATE TRIGGER report_assigns_ai AFTER INSERT ON ticket_logs WHEN new.action = 'assigned' BEGIN
  INSERT INTO report_assigns SELECT t.id, t.created_at, new.created_at, (julianday(new.created_at) - julianday(t.created_at)) * 24 FROM tickets t WHERE t.id = new.ticket_id
    ON CONFLICT DO UPDATE SET first_at = excluded.first_at, hours = excluded.hours WHERE excluded.first_at < first_at;
END;

CREATE TRIGGER report_logs_ad AFTER DELETE ON ticket_logs WHEN old.action IN ('opened', 'closed') BEGIN
  UPDATE report_days SET opened = opened - (old.action = 'opened'), closed = closed - (old.action = 'closed') WHERE day = substr(old.created_at, 1, 10);
  DELETE FROM report_closes WHERE closed_at = old.created_at AND log_id = old.id;
END;

CREATE TRIGGER report_logs_ai AFTER INSERT ON ticket_logs WHEN new.action IN ('opened', 'closed') BEGIN
  INSERT INTO report_days VALUES (substr(new.created_at, 1, 10), new.action = 'opened', new.action = 'closed')
    ON CONFLICT DO UPDATE SET opened = opened + excluded.opened, closed = closed + excluded.closed;
  INSERT INTO report_closes SELECT new.created_at, new.id, t.id, (julianday(new.created_at) - julianday(t.created_at)) * 24,
    t.app, t.category_id, t.service_id, t.priority, coalesce(t.developer_id, 'none') FROM tickets t WHERE t.id = new.ticket_id AND new.action = 'closed';
END;

CREATE TABLE ticket_sla (
  ticket_id   INTEGER PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
  sla_state   TEXT NOT NULL CHECK (sla_state IN ('on_track', 'due_soon', 'breached', 'met')),
  respond_by  TEXT,
  resolve_by  TEXT,
  sla_next_at TEXT
);

CREATE INDEX ticket_sla_next ON ticket_sla (sla_next_at) WHERE sla_next_at IS NOT NULL;

CREATE INDEX ticket_sla_state ON ticket_sla (sla_state);

CREATE TRIGGER report_sla_ad AFTER DELETE ON ticket_sla WHEN coalesce(old.sla_state IN ('met', 'breached'), 0) AND NOT EXISTS (SELECT 1 FROM sla_batch_moves WHERE ticket_id = old.ticket_id) BEGIN
  INSERT INTO report_created SELECT 'app', t.app, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'category', t.category_id, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'service', t.service_id, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'priority', t.priority, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'developer', coalesce(t.developer_id, 'none'), substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
END;

CREATE TRIGGER report_sla_ai AFTER INSERT ON ticket_sla WHEN coalesce(new.sla_state IN ('met', 'breached'), 0) AND NOT EXISTS (SELECT 1 FROM sla_batch_moves WHERE ticket_id = new.ticket_id) BEGIN
  INSERT INTO report_created SELECT 'app', t.app, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'category', t.category_id, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'service', t.service_id, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'priority', t.priority, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'developer', coalesce(t.developer_id, 'none'), substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
END;

CREATE TRIGGER report_sla_au AFTER UPDATE OF sla_state ON ticket_sla
  WHEN (coalesce(old.sla_state = 'met', 0) IS NOT coalesce(new.sla_state = 'met', 0) OR coalesce(old.sla_state IN ('met', 'breached'), 0) IS NOT coalesce(new.sla_state IN ('met', 'breached'), 0)) AND NOT EXISTS (SELECT 1 FROM sla_batch_moves WHERE ticket_id = new.ticket_id) BEGIN
  INSERT INTO report_created SELECT 'app', t.app, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'category', t.category_id, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'service', t.service_id, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'priority', t.priority, substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'developer', coalesce(t.developer_id, 'none'), substr(t.created_at, 1, 10), 0, -1 * coalesce(old.sla_state = 'met', 0), -1 * coalesce(old.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = old.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'app', t.app, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'category', t.category_id, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'service', t.service_id, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'priority', t.priority, substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created SELECT 'developer', coalesce(t.developer_id, 'none'), substr(t.created_at, 1, 10), 0, 1 * coalesce(new.sla_state = 'met', 0), 1 * coalesce(new.sla_state IN ('met', 'breached'), 0)
    FROM tickets t WHERE t.id = new.ticket_id ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
END;

CREATE TRIGGER sla_facts_ad AFTER DELETE ON ticket_sla WHEN NOT EXISTS (SELECT 1 FROM sla_batch_moves WHERE ticket_id = old.ticket_id) BEGIN
  UPDATE sla_facts SET n = n - 1 WHERE (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id) = (SELECT old.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0) FROM tickets t WHERE t.id = old.ticket_id);
END;

CREATE TRIGGER sla_facts_ai AFTER INSERT ON ticket_sla WHEN NOT EXISTS (SELECT 1 FROM sla_batch_moves WHERE ticket_id = new.ticket_id) BEGIN
  INSERT INTO sla_facts SELECT new.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0), 1 FROM tickets t WHERE t.id = new.ticket_id
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER sla_facts_au AFTER UPDATE OF sla_state ON ticket_sla WHEN old.sla_state <> new.sla_state AND NOT EXISTS (SELECT 1 FROM sla_batch_moves WHERE ticket_id = new.ticket_id) BEGIN
  UPDATE sla_facts SET n = n - 1 WHERE (sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id) = (SELECT old.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0) FROM tickets t WHERE t.id = old.ticket_id);
  INSERT INTO sla_facts SELECT new.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0), 1 FROM tickets t WHERE t.id = new.ticket_id
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE ticket_watchers (
  ticket_id INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (ticket_id, user_id)
) WITHOUT ROWID;

CREATE INDEX ticket_watchers_user ON ticket_watchers (user_id);

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
, priority_rank INTEGER
  GENERATED ALWAYS AS (CASE priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) VIRTUAL, facets TEXT GENERATED ALWAYS AS (
  'status_' || status || ' app_' || app || ' priority_' || priority || ' category_' || category_id ||
  ' service_' || service_id || ' creator_' || coalesce(created_by_id, 'none') || ' developer_' || coalesce(developer_id, 'none')
) VIRTUAL, due_date TEXT, due_rank TEXT GENERATED ALWAYS AS (coalesce(due_date, '9999-12-31')) VIRTUAL, comment_count INTEGER NOT NULL DEFAULT 0, responded_at TEXT, sla_clock_at TEXT);

CREATE INDEX tickets_app ON tickets (app, created_at DESC, id DESC);

CREATE INDEX tickets_category ON tickets (category_id, created_at DESC, id DESC);

CREATE INDEX tickets_combination ON tickets
(status, app, priority, category_id, service_id, created_by_id, developer_id, created_at, updated_at);

CREATE INDEX tickets_creator ON tickets (created_by_id, created_at DESC, id DESC);

CREATE INDEX tickets_developer ON tickets (developer_id, created_at DESC, id DESC);

CREATE INDEX tickets_due ON tickets (due_rank, id, status, app, priority, category_id, service_id, created_by_id, developer_id);

CREATE INDEX tickets_newest ON tickets (created_at DESC, id DESC, status, app, priority, category_id, service_id, created_by_id, developer_id);

CREATE INDEX tickets_priority ON tickets (priority_rank DESC, created_at DESC, id DESC, status, app, priority, category_id, service_id, created_by_id, developer_id);

CREATE INDEX tickets_priority_filter ON tickets (priority, created_at DESC, id DESC);

CREATE INDEX tickets_report ON tickets (created_at, status, app, priority, category_id, service_id, developer_id);

CREATE INDEX tickets_report_id ON tickets (id, created_at, status, app, priority, category_id, service_id, developer_id);

CREATE INDEX tickets_service ON tickets (service_id, created_at DESC, id DESC);

CREATE INDEX tickets_status ON tickets (status, created_at DESC, id DESC);

CREATE INDEX tickets_updated ON tickets (updated_at DESC, id DESC, status, app, priority, category_id, service_id, created_by_id, developer_id);

CREATE TRIGGER report_closes_au AFTER UPDATE OF app, category_id, service_id, priority, developer_id, created_at ON tickets
  WHEN old.app IS NOT new.app OR old.category_id IS NOT new.category_id OR old.service_id IS NOT new.service_id OR old.priority IS NOT new.priority OR old.developer_id IS NOT new.developer_id OR old.created_at IS NOT new.created_at BEGIN
  UPDATE report_closes SET app = new.app, category_id = new.category_id, service_id = new.service_id, priority = new.priority,
    developer_key = coalesce(new.developer_id, 'none'), hours = (julianday(closed_at) - julianday(new.created_at)) * 24 WHERE ticket_id = new.id;
  UPDATE report_assigns SET created_at = new.created_at, hours = (julianday(first_at) - julianday(new.created_at)) * 24 WHERE ticket_id = new.id;
END;

CREATE TRIGGER report_tickets_ad AFTER DELETE ON tickets BEGIN
  INSERT INTO report_created VALUES ('app', old.app, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('category', old.category_id, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('service', old.service_id, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('priority', old.priority, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('developer', coalesce(old.developer_id, 'none'), substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  DELETE FROM report_closes WHERE ticket_id = old.id;
  DELETE FROM report_assigns WHERE ticket_id = old.id;
END;

CREATE TRIGGER report_tickets_ai AFTER INSERT ON tickets BEGIN
  INSERT INTO report_created VALUES ('app', new.app, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('category', new.category_id, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('service', new.service_id, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('priority', new.priority, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('developer', coalesce(new.developer_id, 'none'), substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
END;

CREATE TRIGGER report_tickets_au AFTER UPDATE OF app, category_id, service_id, priority, developer_id, created_at ON tickets
  WHEN old.app IS NOT new.app OR old.category_id IS NOT new.category_id OR old.service_id IS NOT new.service_id OR old.priority IS NOT new.priority OR old.developer_id IS NOT new.developer_id OR old.created_at IS NOT new.created_at BEGIN
  INSERT INTO report_created VALUES ('app', old.app, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('category', old.category_id, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('service', old.service_id, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('priority', old.priority, substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('developer', coalesce(old.developer_id, 'none'), substr(old.created_at, 1, 10), -1, -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) = 'met', 0), -1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = old.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('app', new.app, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('category', new.category_id, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('service', new.service_id, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('priority', new.priority, substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
  INSERT INTO report_created VALUES ('developer', coalesce(new.developer_id, 'none'), substr(new.created_at, 1, 10), 1, 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) = 'met', 0), 1 * coalesce((SELECT sla_state FROM ticket_sla WHERE ticket_id = new.id) IN ('met', 'breached'), 0))
    ON CONFLICT DO UPDATE SET created = created + excluded.created, met = met + excluded.met, judged = judged + excluded.judged;
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

CREATE TRIGGER ticket_facts_ad AFTER DELETE ON tickets BEGIN
  UPDATE ticket_facts SET n = n - 1 WHERE (status, app, priority, category_id, service_id, created_by_id, developer_id)
    = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
  DELETE FROM ticket_facts WHERE n = 0 AND (status, app, priority, category_id, service_id, created_by_id, developer_id)
    = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
END;

CREATE TRIGGER ticket_facts_ai AFTER INSERT ON tickets BEGIN
  INSERT INTO ticket_facts VALUES (new.status, new.app, new.priority, new.category_id, new.service_id,
    coalesce(new.created_by_id, 0), coalesce(new.developer_id, 0), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER ticket_facts_au AFTER UPDATE OF status, app, priority, category_id, service_id, created_by_id, developer_id ON tickets BEGIN
  UPDATE ticket_facts SET n = n - 1 WHERE (status, app, priority, category_id, service_id, created_by_id, developer_id)
    = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
  INSERT INTO ticket_facts VALUES (new.status, new.app, new.priority, new.category_id, new.service_id,
    coalesce(new.created_by_id, 0), coalesce(new.developer_id, 0), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  DELETE FROM ticket_facts WHERE n = 0 AND (status, app, priority, category_id, service_id, created_by_id, developer_id)
    = (old.status, old.app, old.priority, old.category_id, old.service_id, coalesce(old.created_by_id, 0), coalesce(old.developer_id, 0));
END;

CREATE TRIGGER tickets_fts_ad AFTER DELETE ON tickets BEGIN
  INSERT INTO tickets_fts (tickets_fts, rowid, number, title, description, created_by, developer_name, category, service, facets)
  VALUES ('delete', old.id, old.number, old.title, old.description, old.created_by, old.developer_name, old.category, old.service, old.facets);
END;

CREATE TRIGGER tickets_fts_ai AFTER INSERT ON tickets BEGIN
  INSERT INTO tickets_fts (rowid, number, title, description, created_by, developer_name, category, service, facets)
  VALUES (new.id, new.number, new.title, new.description, new.created_by, new.developer_name, new.category, new.service, new.facets);
END;

CREATE TRIGGER tickets_fts_au AFTER UPDATE OF number, title, description, created_by, developer_name, category, service,
  status, app, priority, category_id, service_id, created_by_id, developer_id ON tickets BEGIN
  INSERT INTO tickets_fts (tickets_fts, rowid, number, title, description, created_by, developer_name, category, service, facets)
  VALUES ('delete', old.id, old.number, old.title, old.description, old.created_by, old.developer_name, old.category, old.service, old.facets);
  INSERT INTO tickets_fts (rowid, number, title, description, created_by, developer_name, category, service, facets)
  VALUES (new.id, new.number, new.title, new.description, new.created_by, new.developer_name, new.category, new.service, new.facets);
END;

CREATE VIRTUAL TABLE tickets_fts USING fts5 (
  number, title, description, created_by, developer_name, category, service, facets,
  content = 'tickets', content_rowid = 'id',
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '1 2 3'
);

CREATE TABLE user_identities (
  issuer  TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  linked_at TEXT NOT NULL,
  PRIMARY KEY (issuer, subject)
) WITHOUT ROWID;

CREATE UNIQUE INDEX user_identities_user ON user_identities (user_id, issuer);

CREATE TABLE "users" (
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

CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);

CREATE INDEX users_role ON users (role);

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
