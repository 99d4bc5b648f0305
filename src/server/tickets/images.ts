/**
 * Ticket images (design.md#images): a base64 data: URL of PNG, JPEG, GIF or WebP whose first bytes really
 * are that format, at most 512,000 decoded bytes. SVG is refused: it can carry script.
 */
import { LIMITS, VALIDATION } from '../../shared/index.ts';
import { invalid } from '../errors.ts';

const DATA_URL = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(PNG_SIGNATURE),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The image to store: null for none (absent, null or ''); throws invalid (422) for anything unacceptable. */
export function acceptImage(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const match = typeof value === 'string' ? DATA_URL.exec(value.trim()) : null;
  const type = match?.[1]!.toLowerCase();
  const signature = type ? SIGNATURES[type] : undefined;
  if (!match || !signature) throw invalid({ image: VALIDATION.imageType });
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > LIMITS.imageMaxBytes) throw invalid({ image: VALIDATION.imageSize });
  if (!signature(bytes)) throw invalid({ image: VALIDATION.imageType });
  return `data:${type};base64,${match[2]}`;
}

/**
 * A stored data URL as GET /tickets/{id}/image serves it: its own type (only the four accepted
 * types are ever served) and its bytes; undefined for anything else.
 */
export function storedImage(dataUrl: string): { type: string; bytes: () => Buffer } | undefined {
  const match = DATA_URL.exec(dataUrl);
  const type = match?.[1]!.toLowerCase();
  if (!match || !type || !SIGNATURES[type]) return undefined;
  return { type, bytes: () => Buffer.from(match[2]!, 'base64') };
}
