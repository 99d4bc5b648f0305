/** product.md#calls, tickets. Reads are cached until a write changes them; writes follow product.md#permissions. */
import {
  asksForPage,
  FILTER_PARAMS,
  PAGE_PARAMS,
  parseTicketQuery,
  SERVER,
  TICKET_INPUT_FIELDS,
  ticketQueryString,
  validateCreateTicket,
  validateEditTicket,
  type TicketQuery,
} from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { check, conflict, forbidden, notFound } from '../errors.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import type { Router, SignedInContext } from '../http/router.ts';
import type { Scope } from '../store/ticket-queue.ts';
import { JSON_TYPE, sendInline } from '../http/respond.ts';
import { jsonList } from '../store/ticket-json.ts';
import { ticketCsv } from '../tickets/csv.ts';
import { toTicket, type TicketRow } from '../store/tickets.ts';
import { fieldsForCreate, fieldsForEdit } from '../tickets/fields.ts';
import { acceptImage, storedImage } from '../tickets/images.ts';
import { createTransitions } from '../tickets/transitions.ts';
import { transaction } from '../db/database.ts';

/** The work-queue parameters of a request, or a 422 naming each bad one. */
function readQuery(params: URLSearchParams, names: readonly string[] = PAGE_PARAMS): TicketQuery {
  const { query, errors } = parseTicketQuery(params, names);
  check(errors);
  return query;
}

export function ticketRoutes(router: Router, app: ServerContext): void {
  const changeStatus = createTransitions(app).change;

  const findTicket = (ref: string | undefined): TicketRow => {
    const ticket = app.tickets.find(ref ?? '');
    if (!ticket) throw notFound();
    return ticket;
  };
  /** A single ticket answer: the detail shape, image included, with its watchers and whether the caller is one. */
  const detail = (id: number, userId: number) => {
    const row = app.tickets.findById(id);
    if (!row) throw notFound();
    const watchers = app.watchers.list(id);
    return { ...toTicket(row, row.has_image ? app.tickets.image(row.id) : null), watching: watchers.some((w) => w.id === userId), watchers };
  };
  /** A cached read: lists under 'lists', a ticket's detail and log under its own tag. */
  const cached = (key: string, tags: readonly string[], build: () => unknown) => ({ payload: app.cache.get(key, tags, build) });
  const ticketTags = (id: number) => [CACHE_TAGS.details, CACHE_TAGS.ticket(id)];
  /** A ticket's own answers after a write; the lists it may show in are told by the queue (store/ticket-counts.ts). */
  const changed = (id: number) => app.cache.invalidate(CACHE_TAGS.ticket(id));

  /** The whole list (product.md#calls) without parameters; one page of the work queue with any (design.md#work-queue-api). */
  function listOrPage(ctx: SignedInContext, scope: Scope) {
    const key = scope.mineOf === undefined ? 'all' : `mine:${scope.mineOf}`;
    app.queue.catchUp();
    if (!asksForPage(ctx.query)) {
      // Streamed batch by batch: at any size it neither stalls the server nor outgrows a string.
      const version = `list:${key}:${app.cache.stamp(CACHE_TAGS.lists, CACHE_TAGS.counts)}`;
      return { stream: { contentType: JSON_TYPE, version, chunks: jsonList(app.queue.exportRows({}, scope)) } };
    }
    const query = readQuery(ctx.query);
    // A service-level list is told of no write by the kept counts (store/ticket-counts.ts): every write drops it, as the counts.
    const tags = [CACHE_TAGS.lists, CACHE_TAGS.list(app.queue.listKey(query, scope)), ...(query.sla ? [CACHE_TAGS.counts] : [])];
    return cached(`page:${key}?${ticketQueryString(query)}`, tags, () => ({ data: app.queue.page(query, scope) }));
  }

  router.add('GET', '/tickets', (ctx) => listOrPage(ctx, {}));
  router.add('GET', '/tickets/myTickets', (ctx) => listOrPage(ctx, { mineOf: ctx.user.id }));

  router.add('GET', '/tickets/stats', (ctx) => {
    const filters = readQuery(ctx.query, FILTER_PARAMS);
    app.queue.catchUp();
    return cached(`stats?${ticketQueryString(filters)}`, [CACHE_TAGS.lists, CACHE_TAGS.counts], () => ({ data: app.queue.stats(filters) }));
  });

  router.add('GET', '/tickets/export.csv', (ctx) => {
    const query = readQuery(ctx.query, [...FILTER_PARAMS, 'sort']);
    const day = app.nowIso().slice(0, 10);
    return {
      stream: {
        contentType: 'text/csv; charset=utf-8',
        headers: { 'Content-Disposition': `attachment; filename="tickets-${day}.csv"` },
        chunks: ticketCsv(app.queue.exportRows(query)),
      },
    };
  });

  router.add('GET', '/tickets/:id', (ctx) => {
    const { id } = findTicket(ctx.params.id);
    // Two answers per ticket at most: for its watchers and for everyone else.
    const watching = app.watchers.watching(id, ctx.user.id);
    return cached(`ticket:${id}:${watching ? 'watching' : 'not'}`, ticketTags(id), () => ({ data: detail(id, ctx.user.id) }));
  });

  /** The attached image as bytes with its own type, so a browser can open it (data: links are blocked). */
  router.add('GET', '/tickets/:id/image', (ctx) => {
    const ticket = findTicket(ctx.params.id);
    const dataUrl = ticket.has_image ? app.tickets.image(ticket.id) : null;
    const image = dataUrl ? storedImage(dataUrl) : undefined;
    if (!dataUrl || !image) throw notFound();
    return { raw: (res) => sendInline(ctx.req, res, { ...image, version: dataUrl }) };
  });

  router.add('GET', '/activity-log/:id', (ctx) => {
    const { id } = findTicket(ctx.params.id);
    return cached(`log:${id}`, ticketTags(id), () => ({ data: { list: app.tickets.log(id) } }));
  });

  router.add('POST', '/tickets', (ctx) => {
    if (ctx.user.role === 'developer') throw forbidden();
    // created_by, developer_name, number and status arrive empty (product.md#ticket-fields): the server sets them.
    check(validateCreateTicket(ctx.body));
    const fields = fieldsForCreate(app, ctx.body);
    const image = acceptImage(ctx.body.image);
    const row = transaction(app.db, () => {
      const created = app.tickets.create(fields, image, ctx.user, app.nowIso());
      app.sla.refresh(created.id);
      app.events.record(created.id, ctx.user, { kind: 'created' });
      return app.tickets.findById(created.id)!;
    });
    return { status: 201, body: { message: SERVER.ticketCreated, data: toTicket(row, image) } };
  });

  router.add('PATCH', '/tickets/:id', (ctx) => {
    const ticket = findTicket(ctx.params.id);
    const message = changeStatus(ticket, ctx.user, ctx.body);
    changed(ticket.id);
    return { body: { message, data: detail(ticket.id, ctx.user.id) } };
  });

  router.add('PATCH', '/tickets/:id/edit', (ctx) => {
    const ticket = findTicket(ctx.params.id);
    if (ctx.user.role === 'developer' || ticket.created_by_id !== ctx.user.id) throw forbidden();
    if (ticket.status !== 'opened') throw conflict();
    const changes = Object.fromEntries(TICKET_INPUT_FIELDS.filter((field) => field in ctx.body).map((field) => [field, ctx.body[field]]));
    check(validateEditTicket(changes, { partial: true }));
    if (Object.keys(changes).length > 0) {
      const fields = fieldsForEdit(app, ticket, changes);
      const image = 'image' in changes ? acceptImage(changes.image) : undefined;
      transaction(app.db, () => {
        if (!app.tickets.edit(ticket, fields, image, app.nowIso())) throw conflict();
        app.sla.refresh(ticket.id);
        app.events.record(ticket.id, ctx.user, { kind: 'edited' }, ticket);
      });
      changed(ticket.id);
    }
    return { body: { message: SERVER.ticketUpdated, data: detail(ticket.id, ctx.user.id) } };
  });
}
