/**
 * Comments on a ticket (design.md#comments) and the live-update events (design.md#live-updates): the rule, the
 * messages and the shapes, shared so the client checks a comment exactly as the server does.
 */
import type { Role } from './constants.ts';
import { hasControlCharacters, type FieldErrors } from './validators.ts';
import { QUERY_MESSAGES } from './workQueue.ts';

export const COMMENT_LIMITS = { bodyMin: 1, bodyMax: 10_000 } as const;
/** A page of a ticket's comments; without `limit` the first 500, enough for any real conversation. */
export const COMMENT_PAGE_SIZE = { default: 500, max: 500 } as const;

export const COMMENT_MESSAGES = {
  empty: 'Comment must not be empty.',
  tooLong: 'Comment must be at most 10000 characters.',
  controlCharacters: 'Comment must not contain control characters (line breaks and tabs are fine).',
  added: 'Comment added',
  updated: 'Comment updated',
  deleted: 'Comment deleted',
  limit: `limit must be a whole number from 1 to ${COMMENT_PAGE_SIZE.max}.`,
  cursor: QUERY_MESSAGES.cursor,
} as const;

/** `limit` and `cursor` of GET /tickets/{id}/comments; the cursor is the previous page's `next_cursor`. */
export interface CommentPageQuery {
  limit?: number;
  cursor?: string;
}

/** What a page of comments carries under `data`: oldest first; `total` counts every comment on the ticket. */
export interface CommentPage {
  list: TicketComment[];
  next_cursor: string | null;
  total: number;
}

/** Reads `limit` and `cursor`; other names are ignored, a bad limit is an error. The server checks the cursor itself. */
export function parseCommentPage(params: URLSearchParams): { query: CommentPageQuery; errors: FieldErrors } {
  const query: CommentPageQuery = {};
  const errors: FieldErrors = {};
  const limit = params.get('limit');
  if (limit !== null) {
    const n = /^\d{1,15}$/.test(limit.trim()) ? Number(limit) : NaN;
    if (n >= 1 && n <= COMMENT_PAGE_SIZE.max) query.limit = n;
    else errors.limit = COMMENT_MESSAGES.limit;
  }
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  return { query, errors };
}

/** `{body: message}` when the comment is not acceptable; `{}` when it is. The body is trimmed first. */
export function validateComment(input: Record<string, unknown>): Record<string, string> {
  const body = typeof input.body === 'string' ? input.body.trim() : '';
  if (body.length < COMMENT_LIMITS.bodyMin) return { body: COMMENT_MESSAGES.empty };
  if (body.length > COMMENT_LIMITS.bodyMax) return { body: COMMENT_MESSAGES.tooLong };
  if (hasControlCharacters(body)) return { body: COMMENT_MESSAGES.controlCharacters };
  return {};
}

export interface TicketComment {
  id: number;
  ticket_id: number;
  /** id is null once the author's account is deleted; the name and role stay. */
  author: { id: number | null; name: string; role: Role };
  body: string;
  created_at: string;
  /** null until the author edits it. */
  edited_at: string | null;
}

/** 'sla': time alone moved a ticket to due soon or breached (design.md#service-levels). */
export const TICKET_CHANGES = ['created', 'updated', 'status', 'comment', 'sla'] as const;
export type TicketChange = (typeof TICKET_CHANGES)[number];

/** The data of one `event: ticket` on GET /events. */
export interface TicketEvent {
  id: number;
  number: string;
  change: TicketChange;
}
