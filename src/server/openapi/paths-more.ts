/** Categories and services, comments, live updates, and the operations of the service itself. */
import { APPS, AUDIT_GROUPS, AUDIT_KINDS, COMMENT_LIMITS, COMMENT_PAGE_SIZE, COMMENTS_PER_MINUTE, LIMITS } from '../../shared/index.ts';
import type { OperationSpec } from './describe.ts';
import { TICKET_REF } from './paths-tickets.ts';
import { envelope, listEnvelope, ref, type Schema } from './schemas.ts';

const name = (minLength: number) => ({ type: 'string', minLength, maxLength: LIMITS.textMax });
const categoryBody = { type: 'object', properties: { name: name(LIMITS.categoryNameMin) }, required: ['name'] };
const serviceBody = { type: 'object', properties: { name: name(LIMITS.serviceNameMin), app: { enum: [...APPS] } }, required: ['name', 'app'] };
const commentBody = { type: 'object', properties: { body: { type: 'string', minLength: COMMENT_LIMITS.bodyMin, maxLength: COMMENT_LIMITS.bodyMax } }, required: ['body'] };

/** Read by everyone signed in, written by super: the same five operations for categories and services. */
function catalog(path: string, noun: string, schema: string, body: Schema): OperationSpec[] {
  const tag = 'Configuration';
  const one = envelope(ref(schema));
  return [
    { method: 'GET', path, operationId: `list${schema}s`, summary: `Every ${noun}`, tag, ok: { description: `The ${noun}s.`, schema: listEnvelope(ref(schema)) } },
    { method: 'POST', path, operationId: `create${schema}`, summary: `Adds a ${noun} (super)`, tag, body, ok: { status: 201, description: `The ${noun}.`, schema: one }, refusals: [403] },
    { method: 'GET', path: `${path}/{id}`, operationId: `get${schema}`, summary: `One ${noun}`, tag, ok: { description: `The ${noun}.`, schema: one }, refusals: [404] },
    { method: 'PATCH', path: `${path}/{id}`, operationId: `update${schema}`, summary: `Changes a ${noun} (super)`, tag, body, ok: { description: `The ${noun}.`, schema: one }, refusals: [403, 404] },
    { method: 'DELETE', path: `${path}/{id}`, operationId: `delete${schema}`, summary: `Deletes a ${noun} (super); tickets keep its name`, tag, ok: { description: `The ${noun} was deleted.` }, refusals: [403, 404] },
  ];
}

export const MORE_OPERATIONS: OperationSpec[] = [
  ...catalog('/config/categories', 'category', 'Category', categoryBody),
  ...catalog('/config/services', 'service', 'Service', serviceBody),
  {
    method: 'GET',
    path: '/tickets/{id}/comments',
    operationId: 'listComments',
    summary: "The ticket's comments, oldest first, a page at a time",
    tag: 'Comments',
    pathParams: TICKET_REF,
    query: {
      limit: { schema: { type: 'integer', minimum: 1, maximum: COMMENT_PAGE_SIZE.max, default: COMMENT_PAGE_SIZE.default }, description: 'Comments on this page.' },
      cursor: { schema: { type: 'string' }, description: "The previous page's `next_cursor`." },
    },
    ok: {
      description: 'One page of comments; `next_cursor` is null on the last page, `total` counts them all.',
      schema: envelope({ type: 'object', properties: { list: { type: 'array', items: ref('Comment') }, next_cursor: { type: ['string', 'null'] }, total: { type: 'integer' } }, required: ['list', 'next_cursor', 'total'] }),
    },
    refusals: [404, 422],
  },
  {
    method: 'POST',
    path: '/tickets/{id}/comments',
    operationId: 'addComment',
    summary: `Adds a comment (at most ${COMMENTS_PER_MINUTE} a minute per person)`,
    tag: 'Comments',
    pathParams: TICKET_REF,
    body: commentBody,
    ok: { status: 201, description: 'The comment.', schema: envelope(ref('Comment')) },
    refusals: [404, 429],
  },
  { method: 'PATCH', path: '/comments/{id}', operationId: 'editComment', summary: 'Changes a comment (its author)', tag: 'Comments', body: commentBody, ok: { description: 'The comment.', schema: envelope(ref('Comment')) }, refusals: [403, 404] },
  { method: 'DELETE', path: '/comments/{id}', operationId: 'deleteComment', summary: 'Deletes a comment (its author, or super)', tag: 'Comments', ok: { description: 'The comment was deleted.' }, refusals: [403, 404] },
  {
    method: 'GET',
    path: '/events',
    operationId: 'events',
    summary: 'Live updates: a server-sent event stream of ticket changes',
    description:
      'Starts with `retry: 3000`; each `event: ticket` carries `{id, number, change}`; a `: ping` line keeps it open. `Last-Event-ID` resumes. ' +
      "`event: notification` carries `{unread}`, the caller's unread count, whenever it changes (never replayed).",
    tag: 'Live updates',
    ok: { description: 'The stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    refusals: [429, 503],
  },
  {
    method: 'GET',
    path: '/audit',
    operationId: 'auditLog',
    summary: 'Every change a super made, newest first, a page at a time (super)',
    tag: 'Operations',
    query: {
      actor_id: { schema: { type: 'integer' }, description: 'Only this person’s changes.' },
      kind: { schema: { enum: [...AUDIT_KINDS, ...AUDIT_GROUPS] }, description: 'A kind, or a group of kinds.' },
      from: { schema: { type: 'string', format: 'date' }, description: 'First UTC day, included.' },
      to: { schema: { type: 'string', format: 'date' }, description: 'Last UTC day, included.' },
      limit: { schema: { type: 'integer', minimum: 1 } },
      cursor: { schema: { type: 'string' }, description: "The previous page's `next_cursor`." },
    },
    ok: {
      description: 'One page of the audit log.',
      schema: envelope({ type: 'object', properties: { list: { type: 'array', items: ref('AuditEntry') }, next_cursor: { type: ['string', 'null'] }, total: { type: 'integer' } }, required: ['list', 'next_cursor', 'total'] }),
    },
    refusals: [403, 422],
  },
  { method: 'GET', path: '/backups', operationId: 'backupState', summary: 'Whether scheduled backups run, the last one, a failure (super)', tag: 'Operations', ok: { description: 'The backup state.', schema: envelope(ref('BackupState')) }, refusals: [403] },
  {
    method: 'GET',
    path: '/health',
    operationId: 'health',
    summary: 'Whether the server answers',
    tag: 'Operations',
    public: true,
    ok: {
      description: 'It does; `streams` only while the open event streams are at 90 % or more of EVENTS_MAX_STREAMS, or the open connections at 90 % or more of what the open files allow (then with `streams.connections`).',
      schema: {
        type: 'object',
        properties: {
          status: { const: 'ok' },
          streams: {
            type: 'object',
            properties: {
              open: { type: 'integer' },
              max: { type: 'integer' },
              connections: { type: 'object', properties: { open: { type: 'integer' }, max: { type: 'integer' } }, required: ['open', 'max'] },
            },
            required: ['open', 'max'],
          },
        },
        required: ['status'],
      },
    },
  },
  {
    method: 'GET',
    path: '/openapi.json',
    operationId: 'openApi',
    summary: 'This document',
    tag: 'Operations',
    public: true,
    ok: { description: 'The OpenAPI 3.1 document of the API.', schema: { type: 'object' } },
  },
];
