/** The comment rule the client and the server share (design.md#comments). */
import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, validateComment } from '../../src/shared/index.ts';

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
