/** Turning a create or edit body into what a ticket stores, with names resolved from their ids. */
import { EXTRA_FIELD_NAMES, toExtraValue, toExtraValues, toId, VALIDATION, type AppName, type Priority } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { bodyText } from '../body-text.ts';
import { invalid } from '../errors.ts';
import type { TicketFields } from '../store/tickets.ts';

const link = (value: unknown) => (value === undefined || value === null || bodyText(value) === '' ? null : bodyText(value));

function categoryName(app: ServerContext, categoryId: number): string {
  const category = app.catalog.category(categoryId);
  if (!category) throw invalid({ category: VALIDATION.category });
  return category.name;
}

/** The service must exist and belong to the ticket's app. */
function serviceName(app: ServerContext, serviceId: number, appName: AppName): string {
  const service = app.catalog.service(serviceId);
  if (!service || service.app !== appName) throw invalid({ service: VALIDATION.service });
  return service.name;
}

/** A validated create body (validateCreateTicket passed) as stored fields. */
export function fieldsForCreate(app: ServerContext, b: Record<string, unknown>): TicketFields {
  const ids = { category_id: toId(b.category_id)!, service_id: toId(b.service_id)!, app: b.app as AppName };
  return {
    title: bodyText(b.title),
    description: bodyText(b.description),
    priority: b.priority as Priority,
    ...ids,
    category: categoryName(app, ids.category_id),
    service: serviceName(app, ids.service_id, ids.app),
    link: link(b.link),
    ...toExtraValues(b),
  };
}

/** The current fields with a validated partial edit applied. */
export function fieldsForEdit(app: ServerContext, current: TicketFields, b: Record<string, unknown>): TicketFields {
  const next: TicketFields = { ...current };
  if ('title' in b) next.title = bodyText(b.title);
  if ('description' in b) next.description = bodyText(b.description);
  if ('priority' in b) next.priority = b.priority as Priority;
  if ('app' in b) next.app = bodyText(b.app) as AppName;
  if ('link' in b) next.link = link(b.link);
  for (const field of EXTRA_FIELD_NAMES) if (field in b) next[field] = toExtraValue(b[field]);
  if ('category_id' in b) next.category_id = toId(b.category_id)!;
  if ('service_id' in b) next.service_id = toId(b.service_id)!;
  // Names are looked up only for what changed: a category deleted since keeps its stored name.
  if ('category_id' in b) next.category = categoryName(app, next.category_id);
  if ('service_id' in b || 'app' in b) next.service = serviceName(app, next.service_id, next.app);
  return next;
}
