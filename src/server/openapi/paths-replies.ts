/** Canned replies (design.md#canned-replies): everyone reads, a super writes. */
import { REPLY_LIMITS } from '../../shared/index.ts';
import type { OperationSpec } from './describe.ts';
import { envelope, listEnvelope, ref } from './schemas.ts';

const TAG = 'Replies';
const title = { type: 'string', minLength: 1, maxLength: REPLY_LIMITS.titleMax, description: 'One line, unique whatever its case.' };
const body = { type: 'string', minLength: 1, maxLength: REPLY_LIMITS.bodyMax, description: 'Inserted into a comment as it is; line breaks are kept.' };
const one = envelope(ref('CannedReply'));

export const REPLY_OPERATIONS: OperationSpec[] = [
  {
    method: 'GET',
    path: '/replies',
    operationId: 'listReplies',
    summary: 'The canned replies, by title',
    tag: TAG,
    ok: { description: 'The replies.', schema: listEnvelope(ref('CannedReply')) },
  },
  {
    method: 'POST',
    path: '/replies',
    operationId: 'createReply',
    summary: 'Writes a canned reply (super)',
    description: `Title and body are trimmed. A title another reply has is a 422, and so is a reply beyond the ${REPLY_LIMITS.count}th. In the audit log.`,
    tag: TAG,
    body: { type: 'object', properties: { title, body }, required: ['title', 'body'] },
    ok: { status: 201, description: 'The reply.', schema: one },
    refusals: [403],
  },
  {
    method: 'PATCH',
    path: '/replies/{id}',
    operationId: 'updateReply',
    summary: 'Changes a canned reply’s title, body or both (super)',
    tag: TAG,
    body: { type: 'object', properties: { title, body }, minProperties: 1 },
    ok: { description: 'The reply.', schema: one },
    refusals: [403, 404],
  },
  {
    method: 'DELETE',
    path: '/replies/{id}',
    operationId: 'deleteReply',
    summary: 'Deletes a canned reply (super); comments it went into keep their text',
    tag: TAG,
    ok: { description: 'The reply was deleted.' },
    refusals: [403, 404],
  },
];

export const REPLY_SCHEMAS = {
  CannedReply: {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1 }, title, body },
    required: ['id', 'title', 'body'],
  },
};
