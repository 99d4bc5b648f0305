/**
 * Migration 19: a policy's recompute moves the counts kept of service-level states (the sla filter's
 * sla_facts, the report's met and judged) once per batch instead of once per ticket
 * (docs/design.md#service-levels). Per ticket, ticket_sla's triggers upsert a facts row and five report
 * rows for the state before and again for the state after: at 100,000 tickets, over half a first
 * recompute's time. The recompute notes each ticket whose state it changes in `sla_batch_moves` (its
 * state before) inside its batch's transaction; the triggers skip those tickets, and the batch ends with
 * grouped statements and empties the table, so it is empty outside a transaction.
 */
import { countState, DAY, GROUP_KEYS, JUDGED, MET, UPSERT_COUNTS } from './report-rollups.ts';

const NOT_MOVING = (row: 'new' | 'old') => `NOT EXISTS (SELECT 1 FROM sla_batch_moves WHERE ticket_id = ${row}.ticket_id)`;
const FACT_KEY = 'sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id';
const FACT_OF = (state: string) => `${state}, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0), coalesce(t.developer_id, 0)`;
/** Migration 16's statements, one ticket_sla row's state in or out of its combination's count. */
const factIn = (row: 'new' | 'old') => `INSERT INTO sla_facts SELECT ${FACT_OF(`${row}.sla_state`)}, 1 FROM tickets t WHERE t.id = ${row}.ticket_id
      ON CONFLICT DO UPDATE SET n = n + 1;`;
const factOut = (row: 'new' | 'old') => `UPDATE sla_facts SET n = n - 1 WHERE (${FACT_KEY}) = (SELECT ${FACT_OF(`${row}.sla_state`)} FROM tickets t WHERE t.id = ${row}.ticket_id);`;

export const SLA_BATCH_MOVES_MIGRATION = `
  CREATE TABLE sla_batch_moves (
    ticket_id    INTEGER PRIMARY KEY,
    state_before TEXT NOT NULL
  );
  DROP TRIGGER sla_facts_ai;
  DROP TRIGGER sla_facts_ad;
  DROP TRIGGER sla_facts_au;
  DROP TRIGGER report_sla_ai;
  DROP TRIGGER report_sla_ad;
  DROP TRIGGER report_sla_au;
  -- Migration 16's and 18's triggers on ticket_sla, for the tickets no recompute batch is moving.
  CREATE TRIGGER sla_facts_ai AFTER INSERT ON ticket_sla WHEN ${NOT_MOVING('new')} BEGIN
    ${factIn('new')}
  END;
  CREATE TRIGGER sla_facts_ad AFTER DELETE ON ticket_sla WHEN ${NOT_MOVING('old')} BEGIN
    ${factOut('old')}
  END;
  CREATE TRIGGER sla_facts_au AFTER UPDATE OF sla_state ON ticket_sla WHEN old.sla_state <> new.sla_state AND ${NOT_MOVING('new')} BEGIN
    ${factOut('old')}
    ${factIn('new')}
  END;
  CREATE TRIGGER report_sla_ai AFTER INSERT ON ticket_sla WHEN ${JUDGED('new.sla_state')} AND ${NOT_MOVING('new')} BEGIN
    ${countState('new', 1)}
  END;
  CREATE TRIGGER report_sla_ad AFTER DELETE ON ticket_sla WHEN ${JUDGED('old.sla_state')} AND ${NOT_MOVING('old')} BEGIN
    ${countState('old', -1)}
  END;
  CREATE TRIGGER report_sla_au AFTER UPDATE OF sla_state ON ticket_sla
    WHEN (${MET('old.sla_state')} IS NOT ${MET('new.sla_state')} OR ${JUDGED('old.sla_state')} IS NOT ${JUDGED('new.sla_state')}) AND ${NOT_MOVING('new')} BEGIN
    ${countState('old', -1)}
    ${countState('new', 1)}
  END;
`;

const qualified = (table: string) => FACT_KEY.split(', ').map((column) => `${table}.${column}`).join(', ');
/** The noted tickets with their ticket row and state now (none: null); CROSS JOIN keeps the few noted rows outermost. */
const MOVED = 'sla_batch_moves m CROSS JOIN tickets t ON t.id = m.ticket_id LEFT JOIN ticket_sla s ON s.ticket_id = m.ticket_id';

/** The end of a recompute batch, one statement each: the noted tickets' counts moved from their state before to the one they have now. */
export const APPLY_SLA_BATCH_MOVES = [
  `WITH gone (${FACT_KEY}, n) AS (SELECT ${FACT_OF('m.state_before')}, count(*) FROM ${MOVED} WHERE m.state_before <> 'none' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8)
    UPDATE sla_facts SET n = sla_facts.n - gone.n FROM gone WHERE (${qualified('sla_facts')}) = (${qualified('gone')})`,
  `INSERT INTO sla_facts SELECT ${FACT_OF('s.sla_state')}, count(*) FROM ${MOVED}
    WHERE s.sla_state IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  ...Object.entries(GROUP_KEYS).map(([group, key]) => `INSERT INTO report_created
    SELECT '${group}', ${key('t')}, ${DAY('t')}, 0, sum(${MET('s.sla_state')} - ${MET('m.state_before')}), sum(${JUDGED('s.sla_state')} - ${JUDGED('m.state_before')})
    FROM ${MOVED} WHERE true GROUP BY 2, 3 ${UPSERT_COUNTS}`),
  'DELETE FROM sla_batch_moves',
];
