/** Service levels: the policy (design.md#service-levels). Every ticket answer's `sla` is in schemas.ts. */
import { SLA_PRIORITIES, WARN_PERCENT, WEEKDAYS } from '../../shared/index.ts';
import type { OperationSpec } from './describe.ts';
import { envelope, ref } from './schemas.ts';

const TAG = 'Service levels';
const time = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$|^24:00$' };
const minutes = { type: ['integer', 'null'], minimum: 0, description: 'Minutes of working time; null: no target.' };
const policyAnswer = { description: 'The policy, or null: service levels are off.', schema: envelope({ oneOf: [ref('SlaPolicy'), { type: 'null' }] }) };

export const SLA_OPERATIONS: OperationSpec[] = [
  { method: 'GET', path: '/sla', operationId: 'getSlaPolicy', summary: 'The service-level policy', tag: TAG, ok: policyAnswer },
  {
    method: 'PUT',
    path: '/sla',
    operationId: 'setSlaPolicy',
    summary: 'Sets the service-level policy (super); the open tickets are recomputed before the answer',
    tag: TAG,
    body: ref('SlaPolicy'),
    jsonOnly: true,
    ok: { description: 'The policy as saved: spans in order, holidays sorted once each.', schema: envelope(ref('SlaPolicy')) },
    refusals: [403, 422],
  },
  { method: 'DELETE', path: '/sla', operationId: 'deleteSlaPolicy', summary: 'Turns service levels off (super)', tag: TAG, ok: policyAnswer, refusals: [403] },
];

export const SLA_SCHEMAS = {
  SlaPolicy: {
    type: 'object',
    properties: {
      timezone: { type: 'string', description: 'An IANA time zone, e.g. Europe/Berlin.' },
      week: {
        type: 'object',
        description: 'Each weekday\'s working spans, not overlapping; "24:00" ends a day.',
        properties: Object.fromEntries(WEEKDAYS.map((day) => [day, { type: 'array', items: { type: 'array', prefixItems: [time, time], minItems: 2, maxItems: 2 } }])),
      },
      holidays: { type: 'array', items: { type: 'string', format: 'date' }, description: 'Days in the policy\'s zone.' },
      targets: {
        type: 'object',
        properties: Object.fromEntries(SLA_PRIORITIES.map((p) => [p, { type: 'object', properties: { respond_minutes: minutes, resolve_minutes: minutes }, required: ['respond_minutes', 'resolve_minutes'] }])),
        required: [...SLA_PRIORITIES],
      },
      warn_percent: { type: 'integer', minimum: WARN_PERCENT.min, maximum: WARN_PERCENT.max, description: 'Due soon once this share of the time is used.' },
    },
    required: ['timezone', 'week', 'holidays', 'targets', 'warn_percent'],
  },
  TicketSla: {
    type: 'object',
    properties: {
      respond_by: { type: ['string', 'null'], format: 'date-time' },
      resolve_by: { type: ['string', 'null'], format: 'date-time' },
      responded_at: { type: ['string', 'null'], format: 'date-time', description: 'The first assignment.' },
      state: { enum: ['none', 'on_track', 'due_soon', 'breached', 'met'] },
    },
    required: ['respond_by', 'resolve_by', 'responded_at', 'state'],
  },
};
