/**
 * Which image formats a ticket may carry (product.md#validation-ticket): PNG, JPEG, GIF and WebP,
 * recognised by their first bytes, never by a name or a declared type. SVG is refused: it can
 * carry script. The browser checks a picked file with this rule; the server checks what arrives.
 */

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The file picker's `accept`: only the four types (a renamed file still gets the byte check). */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Enough leading bytes to tell every accepted format apart (WebP needs 12). */
export const IMAGE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, expected: readonly number[], at = 0) =>
  bytes.length >= at + expected.length && expected.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: Record<ImageType, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => startsWith(b, PNG),
  'image/jpeg': (b) => startsWith(b, JPEG),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
};

export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/** The accepted format these bytes begin with, or undefined (SVG, text, anything else). */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  return IMAGE_TYPES.find((type) => SIGNATURES[type](bytes));
}
