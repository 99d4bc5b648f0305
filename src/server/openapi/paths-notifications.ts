/** Watching tickets, in-app notifications, e-mail preferences and @mention suggestions (design.md#notifications). */
import { MENTION_SUGGESTIONS_MAX, NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE, READ_IDS_MAX } from '../../shared/index.ts';
import type { OperationSpec } from './describe.ts';
import { TICKET_REF } from './paths-tickets.ts';
import { envelope, ref } from './schemas.ts';

const TAG = 'Notifications';
const watchAnswer = { description: 'Whether the caller watches the ticket now, and who does.', schema: envelope(ref('Watching')) };
const count = envelope({ type: 'object', properties: { count: { type: 'integer', minimum: 0 } }, required: ['count'] });
const preferences = envelope(ref('NotificationPreferences'));

export const NOTIFICATION_OPERATIONS: OperationSpec[] = [
  { method: 'PUT', path: '/tickets/{id}/watch', operationId: 'watchTicket', summary: 'The caller watches the ticket: told of its comments', tag: TAG, pathParams: TICKET_REF, ok: watchAnswer, refusals: [404] },
  { method: 'DELETE', path: '/tickets/{id}/watch', operationId: 'unwatchTicket', summary: 'The caller stops watching the ticket', tag: TAG, pathParams: TICKET_REF, ok: watchAnswer, refusals: [404] },
  {
    method: 'GET',
    path: '/notifications',
    operationId: 'listNotifications',
    summary: "The caller's notifications, newest first, a page at a time",
    tag: TAG,
    query: {
      limit: { schema: { type: 'integer', minimum: 1, maximum: NOTIFICATION_PAGE_SIZE.max, default: NOTIFICATION_PAGE_SIZE.default } },
      cursor: { schema: { type: 'string' }, description: "The previous page's `next_cursor`." },
    },
    ok: {
      description: 'One page; `next_cursor` is null on the last.',
      schema: envelope({ type: 'object', properties: { list: { type: 'array', items: ref('Notification') }, next_cursor: { type: ['string', 'null'] } }, required: ['list', 'next_cursor'] }),
    },
    refusals: [422],
  },
  { method: 'GET', path: '/notifications/unread', operationId: 'unreadNotifications', summary: "How many of the caller's notifications are unread", tag: TAG, ok: { description: 'The count.', schema: count } },
  {
    method: 'POST',
    path: '/notifications/read',
    operationId: 'readNotifications',
    summary: 'Marks some or all of the caller\'s notifications read',
    description: 'Ids that are not the caller\'s are ignored. The caller\'s open event streams get the new count (`event: notification`).',
    tag: TAG,
    body: {
      oneOf: [
        { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: READ_IDS_MAX } }, required: ['ids'] },
        { type: 'object', properties: { all: { const: true } }, required: ['all'] },
      ],
    },
    jsonOnly: true,
    ok: { description: 'The unread count left.', schema: count },
  },
  { method: 'GET', path: '/me/notifications', operationId: 'getNotificationPreferences', summary: 'Which notifications the caller gets by e-mail', tag: TAG, ok: { description: 'The switches, all on by default.', schema: preferences } },
  {
    method: 'PUT',
    path: '/me/notifications',
    operationId: 'setNotificationPreferences',
    summary: 'Sets which notifications the caller gets by e-mail (in-app ones always come)',
    tag: TAG,
    body: ref('NotificationPreferences'),
    jsonOnly: true,
    ok: { description: 'The switches as saved.', schema: preferences },
  },
  {
    method: 'GET',
    path: '/users/mentionable',
    operationId: 'mentionableUsers',
    summary: `Up to ${MENTION_SUGGESTIONS_MAX} people whose name or e-mail starts with q, for @mentions`,
    tag: TAG,
    query: { q: { schema: { type: 'string' }, description: 'What was typed after the `@`; empty lists the first people by name.' } },
    ok: { description: 'The people, by name.', schema: envelope({ type: 'object', properties: { list: { type: 'array', items: ref('Mentionable') } }, required: ['list'] }) },
  },
];

export const NOTIFICATION_SCHEMAS = {
  Watcher: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
  Watching: { type: 'object', properties: { watching: { type: 'boolean' }, watchers: { type: 'array', items: ref('Watcher') } }, required: ['watching', 'watchers'] },
  Notification: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      ticket: { type: 'object', properties: { id: { type: 'integer' }, number: { type: 'string' }, title: { type: 'string' } }, required: ['id', 'number', 'title'] },
      reason: { enum: ['assigned', 'my_ticket', 'comment', 'mention', 'watching', 'sla'] },
      text: { type: 'string', description: 'One sentence: `Ada assigned TCK-000042 "Printer on fire" to you`.' },
      actor: { oneOf: [{ type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] }, { type: 'null' }] },
      created_at: { type: 'string', format: 'date-time' },
      read_at: { type: ['string', 'null'], format: 'date-time' },
    },
    required: ['id', 'ticket', 'reason', 'text', 'actor', 'created_at', 'read_at'],
  },
  NotificationPreferences: {
    type: 'object',
    properties: {
      email: { type: 'object', properties: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { type: 'boolean' }])), required: [...NOTIFICATION_KINDS] },
    },
    required: ['email'],
  },
  Mentionable: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string', format: 'email' } }, required: ['id', 'name', 'email'] },
};
