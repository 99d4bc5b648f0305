/**
 * Ticket images (design.md#images): a base64 data: URL of PNG, JPEG, GIF or WebP whose first bytes really
 * are that format, at most 512,000 decoded bytes. SVG is refused: it can carry script.
 */
import { imageTypeOf, isImageType, LIMITS, VALIDATION } from '../../shared/index.ts';
import { invalid } from '../errors.ts';

const DATA_URL = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The image to store: null for none (absent, null or ''); throws invalid (422) for anything unacceptable. */
export function acceptImage(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const match = typeof value === 'string' ? DATA_URL.exec(value.trim()) : null;
  const type = match?.[1]!.toLowerCase();
  if (!match || !type || !isImageType(type)) throw invalid({ image: VALIDATION.imageType });
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > LIMITS.imageMaxBytes) throw invalid({ image: VALIDATION.imageSize });
  // The same rule as the picker's (shared/imageType.ts), and the declared type must be the one the bytes are.
  if (imageTypeOf(bytes) !== type) throw invalid({ image: VALIDATION.imageType });
  return `data:${type};base64,${match[2]}`;
}

/**
 * A stored data URL as GET /tickets/{id}/image serves it: its own type (only the four accepted
 * types are ever served) and its bytes; undefined for anything else.
 */
export function storedImage(dataUrl: string): { type: string; bytes: () => Buffer } | undefined {
  const match = DATA_URL.exec(dataUrl);
  const type = match?.[1]!.toLowerCase();
  if (!match || !type || !isImageType(type)) return undefined;
  return { type, bytes: () => Buffer.from(match[2]!, 'base64') };
}
