/** Saved views (design.md#saved-views): a person's own, and the shared ones (owner_id NULL). */
import type { SavedView } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';

interface ViewRow {
  id: number;
  owner_id: number | null;
  name: string;
  query: string;
}

/** A view and whose it is: null for a shared one. */
export interface StoredView extends SavedView {
  ownerId: number | null;
}

/** Shared views are kept under this owner key in the name index (no account has id 0). */
const SHARED = 0;

const asView = (row: ViewRow): StoredView => ({ id: row.id, name: row.name, query: row.query, shared: row.owner_id === null, ownerId: row.owner_id });

export type ViewStore = ReturnType<typeof createViewStore>;

export function createViewStore(db: Db) {
  // Both lists are read along saved_views_name: own views first, then the shared ones, each by name.
  const visible = db.prepare(
    `SELECT id, owner_id, name, query FROM saved_views WHERE coalesce(owner_id, 0) IN (?, ${SHARED})
     ORDER BY coalesce(owner_id, 0) = ${SHARED}, name COLLATE NOCASE`,
  );
  const one = db.prepare('SELECT id, owner_id, name, query FROM saved_views WHERE id = ?');
  const count = db.prepare('SELECT count(*) AS n FROM saved_views WHERE coalesce(owner_id, 0) = ?');
  const named = db.prepare('SELECT id FROM saved_views WHERE coalesce(owner_id, 0) = ? AND name = ? COLLATE NOCASE AND id <> ?');
  const insert = db.prepare('INSERT INTO saved_views (owner_id, name, query, created_at) VALUES (?, ?, ?, ?) RETURNING id, owner_id, name, query');
  const rename = db.prepare('UPDATE saved_views SET name = ? WHERE id = ? RETURNING id, owner_id, name, query');
  const remove = db.prepare('DELETE FROM saved_views WHERE id = ?');

  const key = (ownerId: number | null) => ownerId ?? SHARED;

  return {
    /** A person's own views and every shared one. */
    visibleTo: (userId: number) => (visible.all(userId) as unknown as ViewRow[]).map(asView),
    find: (id: number) => {
      const row = one.get(id) as ViewRow | undefined;
      return row && asView(row);
    },
    /** How many views an owner (null: the shared ones) keeps. */
    countOf: (ownerId: number | null) => Number((count.get(key(ownerId)) as { n: number }).n),
    /** Another view of the same owner (not `exceptId`) has this name, ignoring case. */
    nameTaken: (ownerId: number | null, name: string, exceptId = 0) => named.get(key(ownerId), name, exceptId) !== undefined,
    create: (ownerId: number | null, name: string, query: string, at: string) => asView(insert.get(ownerId, name, query, at) as unknown as ViewRow),
    rename: (id: number, name: string) => {
      const row = rename.get(name, id) as ViewRow | undefined;
      return row && asView(row);
    },
    remove: (id: number) => Number(remove.run(id).changes) > 0,
  };
}
