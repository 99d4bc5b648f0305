/**
 * The work queue's filters, written once. Each filter is one entry below: the ticket column it
 * reads and how its parameter asks for values. From it come the SQL clause (queue-sql.ts), the
 * facet tokens of migration 3 (the FTS count) and the same test on one row in memory
 * (ticket-facts.ts, ticket-counts.ts), so the three can never disagree.
 *
 * The due day is not a fact: a range over `due_rank` (the tickets_due index holds every filter
 * column after it), with no facet token or combination, so a list asking for it is counted and
 * paged by SQL and recounted after any write, as a search is (see `beyondFacts`).
 *
 * Adding a filter: its parameter in src/shared/workQueue.ts, its column in Facts and an entry in
 * FILTERS here, and a migration putting the column in ticket_facts, the sort indexes,
 * tickets_combination and the facets (see migrations 3 and 8).
 */
import type { SQLInputValue } from 'node:sqlite';
import type { Status, TicketFilters } from '../../shared/index.ts';

/** Whose tickets: everyone's (/tickets) or one user's, created or assigned (/tickets/myTickets). */
export interface Scope {
  mineOf?: number;
}

/** What a filter can see of a ticket row; null is "no account" (none, or deleted). */
export interface Facts {
  status: Status;
  app: string;
  priority: string;
  category_id: number;
  service_id: number;
  created_by_id: number | null;
  developer_id: number | null;
}
export type Fact = keyof Facts;
type Value = Facts[Fact];

/** A row as the due filter sees it: its due day, or null for none. */
export interface DueFacts {
  due_date?: string | null;
}

/** One constraint of a list: as SQL, as facet tokens, and as a test of one row. */
export interface Condition {
  /** A WHERE clause, its values as `?`. */
  clause: string;
  params: SQLInputValue[];
  /** Migration 3's facet tokens, any one of which matches. */
  tokens: string[];
  matches(row: Facts): boolean;
}

/** A filter's condition: one column, any of the values. */
export interface FilterCondition extends Condition {
  fact: Fact;
  values: readonly Value[];
}

/** How a filter's parameter asks for values of its column. */
interface Match {
  /** The values asked, or undefined when the parameter asks nothing. */
  wanted(param: unknown): readonly Value[] | undefined;
  clause(column: string, values: readonly Value[]): Pick<Condition, 'clause' | 'params'>;
}

const ANY_OF: Match = {
  wanted: (param) => (Array.isArray(param) && param.length > 0 ? param : undefined),
  clause: (column, values) => ({ clause: `${column} IN (${values.map(() => '?').join(', ')})`, params: [...values] }),
};
const ONE_ID: Match = {
  wanted: (param) => (param === undefined ? undefined : [param as number]),
  clause: (column, [value]) => ({ clause: `${column} = ?`, params: [value!] }),
};
/** An account's id, or 'none': tickets without one. */
const ID_OR_NONE: Match = {
  wanted: (param) => (param === undefined ? undefined : [param === 'none' ? null : (param as number)]),
  clause: (column, values) => (values[0] === null ? { clause: `${column} IS NULL`, params: [] } : ONE_ID.clause(column, values)),
};

interface Filter {
  /** The facet token's prefix (migration 3): `${facet}_${value}`, `${facet}_none` for no account. */
  facet: string;
  match: Match;
}

/** Each filter, named as its parameter and its column, in the column order of tickets_combination. */
const FILTERS: { readonly [F in Fact]: Filter } = {
  status: { facet: 'status', match: ANY_OF },
  app: { facet: 'app', match: ANY_OF },
  priority: { facet: 'priority', match: ANY_OF },
  category_id: { facet: 'category', match: ONE_ID },
  service_id: { facet: 'service', match: ONE_ID },
  created_by_id: { facet: 'creator', match: ONE_ID },
  developer_id: { facet: 'developer', match: ID_OR_NONE },
};

/** The filterable columns, in the order of ticket_facts and tickets_combination. */
export const FACTS = Object.keys(FILTERS) as readonly Fact[];

const token = (facet: string, value: Value) => `${facet}_${value ?? 'none'}`;

/** The filters' conditions (not a search's words: q is not a column). */
export function filterConditions(filters: TicketFilters): FilterCondition[] {
  const found: FilterCondition[] = [];
  for (const fact of FACTS) {
    const { facet, match } = FILTERS[fact];
    const values = match.wanted(filters[fact]);
    if (!values) continue;
    const matches = (row: Facts) => values.includes(row[fact]);
    found.push({ fact, values, ...match.clause(fact, values), tokens: values.map((value) => token(facet, value)), matches });
  }
  return found;
}

/** myTickets: the tickets the user created or is the developer of. */
function scopeCondition(scope: Scope): Condition[] {
  const user = scope.mineOf;
  if (user === undefined) return [];
  return [{
    clause: '(created_by_id = ? OR developer_id = ?)',
    params: [user, user],
    tokens: [token(FILTERS.created_by_id.facet, user), token(FILTERS.developer_id.facet, user)],
    matches: (row) => row.created_by_id === user || row.developer_id === user,
  }];
}

/** Every constraint of a list, scope first. */
export const conditions = (filters: TicketFilters, scope: Scope): Condition[] => [...scopeCondition(scope), ...filterConditions(filters)];

/** Whether a list asks what the facts cannot answer (a search's words, a due day): SQL counts it, and any write may change it. */
export const beyondFacts = (filters: TicketFilters) => Boolean(filters.q) || filters.due_before !== undefined;

/** The due filter's clause (over migration 5's due_rank, which puts no due day last) and its test of one row. */
export function dueCondition(filters: TicketFilters): { clause: string; params: SQLInputValue[]; matches(row: DueFacts): boolean } | undefined {
  const before = filters.due_before;
  if (before === undefined) return undefined;
  return { clause: 'due_rank < ?', params: [before], matches: (row) => typeof row.due_date === 'string' && row.due_date < before };
}

/** The in-memory twin of the SQL clauses: whether one row is in the list (a search's words aside). */
export function rowMatcher(filters: TicketFilters, scope: Scope): (row: Facts & DueFacts) => boolean {
  const tests: ((row: Facts & DueFacts) => boolean)[] = conditions(filters, scope).map((condition) => condition.matches);
  const due = dueCondition(filters);
  if (due) tests.push(due.matches);
  return (row) => tests.every((test) => test(row));
}
