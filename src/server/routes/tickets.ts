/** SPEC §7 "Tickets". Reads are cached per data version; writes follow DESIGN §3's permission table. */
import { SERVER, validateCreateTicket, validateEditTicket } from '../../shared/index.ts';
import type { App } from '../context.ts';
import { check, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { toTicket, type TicketRow } from '../store/tickets.ts';
import { EDITABLE_FIELDS, fieldsForCreate, fieldsForEdit } from '../tickets/fields.ts';
import { acceptImage } from '../tickets/images.ts';
import { createTransitions } from '../tickets/transitions.ts';

export function ticketRoutes(router: Router, app: App): void {
  const changeStatus = createTransitions(app);

  const findTicket = (ref: string | undefined): TicketRow => {
    const ticket = app.tickets.find(ref ?? '');
    if (!ticket) throw notFound();
    return ticket;
  };
  /** A single ticket answer: the detail shape, image included. */
  const detail = (id: number) => {
    const row = app.tickets.findById(id);
    if (!row) throw notFound();
    return toTicket(row, row.has_image ? app.tickets.image(row.id) : null);
  };
  const cacheKey = (kind: string, ref: string | undefined) => `${kind}:${(ref ?? '').trim().toUpperCase()}`;

  router.add('GET', '/tickets', () => ({
    payload: app.cache.get('tickets', () => ({ data: { list: app.tickets.list() } })),
  }));

  router.add('GET', '/tickets/myTickets', (ctx) => ({
    payload: app.cache.get(`mine:${ctx.user.id}`, () => ({ data: { list: app.tickets.listMine(ctx.user.id) } })),
  }));

  router.add('GET', '/tickets/:id', (ctx) => ({
    payload: app.cache.get(cacheKey('ticket', ctx.params.id), () => ({ data: detail(findTicket(ctx.params.id).id) })),
  }));

  router.add('GET', '/activity-log/:id', (ctx) => ({
    payload: app.cache.get(cacheKey('log', ctx.params.id), () => ({ data: { list: app.tickets.log(findTicket(ctx.params.id).id) } })),
  }));

  router.add('POST', '/tickets', (ctx) => {
    if (ctx.user.role === 'developer') throw forbidden();
    // created_by, developer_name, number and status arrive empty (SPEC §3): the server sets them.
    check(validateCreateTicket(ctx.body));
    const fields = fieldsForCreate(app, ctx.body);
    const image = acceptImage(ctx.body.image);
    const row = app.tickets.create(fields, image, ctx.user, app.nowIso());
    return { status: 201, body: { message: SERVER.ticketCreated, data: toTicket(row, image) } };
  });

  router.add('PATCH', '/tickets/:id', (ctx) => {
    const ticket = findTicket(ctx.params.id);
    const message = changeStatus(ticket, ctx.user, ctx.body);
    return { body: { message, data: detail(ticket.id) } };
  });

  router.add('PATCH', '/tickets/:id/edit', (ctx) => {
    const ticket = findTicket(ctx.params.id);
    if (ctx.user.role === 'developer' || ticket.created_by_id !== ctx.user.id) throw forbidden();
    if (ticket.status !== 'opened') throw conflict();
    const changes = Object.fromEntries(EDITABLE_FIELDS.filter((field) => field in ctx.body).map((field) => [field, ctx.body[field]]));
    check(validateEditTicket(changes, { partial: true }));
    if (Object.keys(changes).length > 0) {
      const fields = fieldsForEdit(app, ticket, changes);
      const image = 'image' in changes ? acceptImage(changes.image) : undefined;
      if (!app.tickets.edit(ticket, fields, image, app.nowIso())) throw conflict();
    }
    return { body: { message: SERVER.ticketUpdated, data: detail(ticket.id) } };
  });
}
