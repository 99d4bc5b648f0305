/**
 * Text cut for display (docs/design.md#ticket-page): never inside a character. A character is what a
 * reader sees as one: a grapheme cluster (a ZWJ family, a flag, an emoji with its skin tone, a letter
 * with its combining accent) where the runtime has Intl.Segmenter, a code point otherwise.
 */

type Graphemes = Pick<Intl.Segmenter, 'segment'>;

const GRAPHEMES: Graphemes | undefined = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/** '…', the one-glyph ellipsis the notifications and chat lines end with. */
export const ELLIPSIS_GLYPH = '…';

/** The characters of `text`, in order. @param segmenter the runtime's grapheme segmenter; null for code points */
export function characters(text: string, segmenter: Graphemes | null | undefined = GRAPHEMES): string[] {
  if (!segmenter) return [...text];
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

export interface TruncateOptions {
  /** How many characters to keep when cut. @default max - 1 (so the ellipsis takes the last place) */
  keep?: number;
  /** What marks the cut. @default '…' */
  ellipsis?: string;
  /** The runtime's grapheme segmenter; null cuts on code points. @default Intl.Segmenter's, where there is one */
  segmenter?: Graphemes | null;
}

/** `text` as is when it has at most `max` characters; else its first `keep` characters and the ellipsis. */
export function truncate(text: string, max: number, options: TruncateOptions = {}): string {
  // No text has more characters than UTF-16 units: short ones need no segmenting.
  if (text.length <= max) return text;
  const { keep = max - 1, ellipsis = ELLIPSIS_GLYPH, segmenter } = options;
  const chars = characters(text, segmenter === undefined ? GRAPHEMES : segmenter);
  return chars.length > max ? chars.slice(0, keep).join('') + ellipsis : text;
}

/** The longest start of `text` made of whole characters and at most `maxLength` UTF-16 units long (a stored length limit). */
export function fitLength(text: string, maxLength: number, segmenter: Graphemes | null | undefined = GRAPHEMES): string {
  if (text.length <= maxLength) return text;
  let fitted = '';
  for (const char of characters(text, segmenter)) {
    if (fitted.length + char.length > maxLength) break;
    fitted += char;
  }
  return fitted;
}

/** The first character, as a reader sees it ('' for ''). */
export function firstCharacter(text: string, segmenter: Graphemes | null | undefined = GRAPHEMES): string {
  if (!segmenter) return [...text.slice(0, 2)][0] ?? '';
  for (const part of segmenter.segment(text)) return part.segment;
  return '';
}
