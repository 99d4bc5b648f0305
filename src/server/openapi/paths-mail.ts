/** The admin page's mail routes (design.md#notifications): the relay's state and deliveries, and the test e-mail. */
import { MAIL_DELIVERIES_SHOWN } from '../../shared/mail.ts';
import type { OperationSpec } from './describe.ts';
import { envelope, ref } from './schemas.ts';

const TAG = 'Mail';
const time = { type: 'string', format: 'date-time' };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };

export const MAIL_OPERATIONS: OperationSpec[] = [
  {
    method: 'GET',
    path: '/admin/mail',
    operationId: 'mailStatus',
    summary: `Whether mail is on, the relay's state, what waits and the last ${MAIL_DELIVERIES_SHOWN} deliveries (super)`,
    tag: TAG,
    ok: { description: 'The mail status.', schema: envelope(ref('MailStatus')) },
    refusals: [403],
  },
  {
    method: 'POST',
    path: '/admin/mail/test',
    operationId: 'sendTestMail',
    summary: 'Sends a test e-mail straight through the relay, not the queue (super)',
    description: "200 once the relay accepted it; 502 with the relay's reply when it refused it (or could not be reached); 409 when mail is off (no SMTP_URL); 422 for an address that is not one.",
    tag: TAG,
    body: { type: 'object', properties: { to: { type: 'string', format: 'email', maxLength: 320 } }, required: ['to'] },
    ok: {
      description: "The relay accepted it; `message` is its answer.",
      schema: envelope({ type: 'object', properties: { accepted: { const: true }, reply: { type: 'string' } }, required: ['accepted', 'reply'] }),
    },
    refusals: [403, 409, 502],
  },
];

export const MAIL_SCHEMAS = {
  MailStatus: {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      relay: { type: ['string', 'null'], description: '`smtp://[user@]host:port`, never the password; null when mail is off.' },
      require_tls: { type: 'boolean' },
      from: { type: 'string' },
      state: { enum: ['off', 'ok', 'failing', 'tls-required'] },
      last_error: { type: ['string', 'null'] },
      waiting: { type: 'integer', minimum: 0, description: 'Messages queued or being sent.' },
      failed: { type: 'integer', minimum: 0 },
      deliveries: { type: 'array', items: ref('MailDelivery'), maxItems: MAIL_DELIVERIES_SHOWN },
    },
    required: ['enabled', 'relay', 'require_tls', 'from', 'state', 'last_error', 'waiting', 'failed', 'deliveries'],
  },
  MailDelivery: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      to: { type: 'string' },
      subject: { type: 'string' },
      state: { enum: ['queued', 'sending', 'sent', 'failed'] },
      attempts: { type: 'integer', minimum: 0 },
      last_reply: { type: ['string', 'null'], description: "The relay's last answer, or why the attempt failed." },
      created_at: time,
      sent_at: nullableTime,
    },
    required: ['id', 'to', 'subject', 'state', 'attempts', 'last_reply', 'created_at', 'sent_at'],
  },
};
