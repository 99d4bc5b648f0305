/** The comment rule the client and the server share (design.md#comments). */
import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, COMMENT_PAGE_SIZE, parseCommentPage, validateComment } from '../../src/shared/index.ts';

describe('validateComment', () => {
  it('accepts 1 to 10,000 characters after trimming, line breaks and tabs included', () => {
    expect(validateComment({ body: 'x' })).toEqual({});
    expect(validateComment({ body: `  ${'y'.repeat(10_000)}\n ` })).toEqual({});
    expect(validateComment({ body: 'two\r\nlines\twith a tab' })).toEqual({});
  });

  it('refuses empty, too long, non-text and control characters', () => {
    for (const body of [undefined, null, '', '  \n\t ', 42]) expect(validateComment({ body })).toEqual({ body: COMMENT_MESSAGES.empty });
    expect(validateComment({ body: 'z'.repeat(10_001) })).toEqual({ body: COMMENT_MESSAGES.tooLong });
    expect(COMMENT_MESSAGES.empty).toBe('Comment must not be empty.');
    expect(COMMENT_MESSAGES.tooLong).toBe('Comment must be at most 10000 characters.');
    expect(validateComment({ body: 'bell \u0007' })).toEqual({ body: COMMENT_MESSAGES.controlCharacters });
    expect(validateComment({ body: 'c1 \u0085 control' })).toEqual({ body: COMMENT_MESSAGES.controlCharacters });
  });
});

describe('parseCommentPage', () => {
  const parse = (query: string) => parseCommentPage(new URLSearchParams(query));

  it('reads limit 1 to 500 and any cursor; without them, the default page', () => {
    expect(parse('')).toEqual({ query: {}, errors: {} });
    expect(parse('limit=1&cursor=abc')).toEqual({ query: { limit: 1, cursor: 'abc' }, errors: {} });
    expect(parse(`limit=${COMMENT_PAGE_SIZE.max}&cursor=`)).toEqual({ query: { limit: 500 }, errors: {} });
    expect(parse('sort=newest&q=x')).toEqual({ query: {}, errors: {} });
  });

  it('refuses a limit out of range or not a whole number', () => {
    for (const limit of ['0', '501', '-3', '1.5', 'ten', '']) expect(parse(`limit=${limit}`).errors).toEqual({ limit: COMMENT_MESSAGES.limit });
    expect(COMMENT_MESSAGES.limit).toBe('limit must be a whole number from 1 to 500.');
  });
});
