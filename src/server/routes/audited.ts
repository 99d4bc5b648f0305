/**
 * Writing the audit log from the routes (design.md#audit-log): a super's change and its row happen
 * in one transaction, so a change that fails leaves no row and a row that cannot be written undoes
 * the change. Before and after hold what people see of the thing, never a password or its hash.
 */
import type { AuditKind, BulkAction, Category, Service, User } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import type { SignedInContext } from '../http/router.ts';
import type { AuditChange } from '../store/audit.ts';
import type { TicketRow } from '../store/tickets.ts';

const isSuper = (ctx: SignedInContext) => ctx.user.role === 'super';

function record(app: ServerContext, ctx: SignedInContext, kind: AuditKind, change: AuditChange): void {
  const actor = { id: ctx.user.id, name: `${ctx.user.first_name} ${ctx.user.last_name}` };
  app.audit.record({ ...change, kind, actor, address: ctx.ip, at: app.nowIso() });
}

/**
 * Runs `change`; when a super made it, writes its row in the same transaction. A result of
 * undefined or false means nothing was changed (the route answers 404), so nothing is written.
 */
export function audited<T>(app: ServerContext, ctx: SignedInContext, kind: AuditKind, change: () => T, describe: (result: Exclude<T, undefined | false>) => AuditChange): T {
  if (!isSuper(ctx)) return change();
  return transaction(app.db, () => {
    const result = change();
    if (result !== undefined && result !== false) record(app, ctx, kind, describe(result as Exclude<T, undefined | false>));
    return result;
  });
}

/** An account as the audit log keeps it. */
export const accountFields = (user: User) => ({ first_name: user.first_name, last_name: user.last_name, email: user.email, role: user.role });
export const accountTarget = (user: User) => ({ id: user.id, label: `${user.first_name} ${user.last_name} (${user.email})` });
export const catalogTarget = (item: Category | Service) => ({ id: item.id, label: item.name });

const ticketState = (row: TicketRow) => ({ status: row.status, developer: row.developer_name });

/** A super's bulk action, one row for all its tickets; call inside the action's transaction. `changed` holds the tickets as they were. */
export function recordBulk(app: ServerContext, ctx: SignedInContext, action: BulkAction, changed: readonly TicketRow[]): void {
  if (!isSuper(ctx) || changed.length === 0) return;
  const label = `${changed.length} ${changed.length === 1 ? 'ticket' : 'tickets'}`;
  record(app, ctx, `tickets.bulk_${action}`, {
    target: { id: null, label },
    before: Object.fromEntries(changed.map((row) => [row.number, ticketState(row)])),
    after: Object.fromEntries(changed.map((row) => [row.number, ticketState(app.tickets.findById(row.id)!)])),
  });
}
