/**
 * Canned replies (design.md#canned-replies): texts a super writes once and anyone inserts into a
 * comment. The rules and messages live here so the admin page checks a reply as the server does.
 */
import { COMMENT_LIMITS } from './comments.ts';
import { hasControlCharacters, type FieldErrors } from './validators.ts';

/** `GET /replies` items, by title. */
export interface CannedReply {
  id: number;
  title: string;
  body: string;
}

export const REPLY_LIMITS = {
  titleMax: 100,
  /** A reply is inserted into a comment, so it is never longer than one. */
  bodyMax: COMMENT_LIMITS.bodyMax,
  /** How many replies exist at most: the composer's menu stays a list one can scan. */
  count: 200,
} as const;

export const REPLY_MESSAGES = {
  title: `Title must be 1 to ${REPLY_LIMITS.titleMax} characters.`,
  titleControl: 'Title must not contain control characters or line breaks.',
  titleTaken: 'A reply with this title already exists.',
  body: 'Reply must not be empty.',
  bodyTooLong: `Reply must be at most ${REPLY_LIMITS.bodyMax} characters.`,
  bodyControl: 'Reply must not contain control characters (line breaks and tabs are fine).',
  nothing: 'Send a title, a body or both.',
  tooMany: `There are ${REPLY_LIMITS.count} replies, the most kept; delete one first.`,
  created: 'Reply created',
  updated: 'Reply updated',
  deleted: 'Reply deleted',
} as const;

/** A title is one line: no line breaks either. */
const LINE_BREAK = /[\r\n\t]/;

export function validateReplyTitle(raw: unknown): string | undefined {
  const title = typeof raw === 'string' ? raw.trim() : '';
  if (!title || title.length > REPLY_LIMITS.titleMax) return REPLY_MESSAGES.title;
  if (hasControlCharacters(title) || LINE_BREAK.test(title)) return REPLY_MESSAGES.titleControl;
  return undefined;
}

export function validateReplyBody(raw: unknown): string | undefined {
  const body = typeof raw === 'string' ? raw.trim() : '';
  if (!body) return REPLY_MESSAGES.body;
  if (body.length > REPLY_LIMITS.bodyMax) return REPLY_MESSAGES.bodyTooLong;
  if (hasControlCharacters(body)) return REPLY_MESSAGES.bodyControl;
  return undefined;
}

/** `{title, body}` as the admin page's form and `POST /replies` check it. */
export function validateReply(input: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const title = validateReplyTitle(input.title);
  const body = validateReplyBody(input.body);
  if (title) errors.title = title;
  if (body) errors.body = body;
  return errors;
}

export type ReplyInput = Pick<CannedReply, 'title' | 'body'>;

/** `POST /replies`: both fields, trimmed. */
export function parseReply(input: Record<string, unknown>): { input?: ReplyInput; errors: FieldErrors } {
  const errors = validateReply(input);
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { title: String(input.title).trim(), body: String(input.body).trim() }, errors };
}

/** `PATCH /replies/{id}`: the fields sent, trimmed; at least one of them. */
export function parseReplyPatch(input: Record<string, unknown>): { input?: Partial<ReplyInput>; errors: FieldErrors } {
  if (input.title === undefined && input.body === undefined) return { errors: { title: REPLY_MESSAGES.nothing } };
  const errors: FieldErrors = {};
  const title = input.title === undefined ? undefined : validateReplyTitle(input.title);
  const body = input.body === undefined ? undefined : validateReplyBody(input.body);
  if (title) errors.title = title;
  if (body) errors.body = body;
  if (Object.keys(errors).length > 0) return { errors };
  const patch: Partial<ReplyInput> = {};
  if (input.title !== undefined) patch.title = String(input.title).trim();
  if (input.body !== undefined) patch.body = String(input.body).trim();
  return { input: patch, errors };
}
