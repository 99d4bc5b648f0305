/** Saved views (design.md#saved-views): a person's own and the shared ones. */
import { VIEW_LIMITS } from '../../shared/index.ts';
import type { OperationSpec } from './describe.ts';
import { envelope, listEnvelope, ref } from './schemas.ts';

const TAG = 'Views';
const name = { type: 'string', minLength: 1, maxLength: VIEW_LIMITS.nameMax };
const one = envelope(ref('SavedView'));

export const VIEW_OPERATIONS: OperationSpec[] = [
  {
    method: 'GET',
    path: '/views',
    operationId: 'listViews',
    summary: "The caller's own views, then the shared ones, each by name",
    tag: TAG,
    ok: { description: 'The views.', schema: listEnvelope(ref('SavedView')) },
  },
  {
    method: 'POST',
    path: '/views',
    operationId: 'createView',
    summary: 'Saves a list as a view (a shared one: super)',
    description: `\`query\` is checked with the work queue's parser: an unknown name or value is a 422 naming it. Names are unique per person (and among shared views); at most ${VIEW_LIMITS.perOwner} each. A super's shared view is in the audit log.`,
    tag: TAG,
    body: {
      type: 'object',
      properties: { name, query: { type: 'string', maxLength: VIEW_LIMITS.queryMax }, shared: { type: 'boolean', default: false } },
      required: ['name', 'query'],
    },
    ok: { status: 201, description: 'The view, its query written canonically.', schema: one },
    refusals: [403],
  },
  {
    method: 'PATCH',
    path: '/views/{id}',
    operationId: 'renameView',
    summary: 'Renames one of the caller\'s views (a shared one: super)',
    tag: TAG,
    body: { type: 'object', properties: { name }, required: ['name'] },
    ok: { description: 'The view.', schema: one },
    refusals: [403, 404],
  },
  {
    method: 'DELETE',
    path: '/views/{id}',
    operationId: 'deleteView',
    summary: 'Deletes one of the caller\'s views (a shared one: super)',
    tag: TAG,
    ok: { description: 'The view was deleted.' },
    refusals: [403, 404],
  },
];

export const VIEW_SCHEMAS = {
  SavedView: {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1 },
      name,
      query: { type: 'string', description: "The list's URL search string without '?': filters, sort, scope or tab, and layout." },
      shared: { type: 'boolean', description: 'Shown to everyone; only supers change it.' },
    },
    required: ['id', 'name', 'query', 'shared'],
  },
};
