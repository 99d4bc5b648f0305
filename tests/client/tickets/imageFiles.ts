/** Files for the image picker's tests: real first bytes for each format, padded to a size. */
const SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...'GIF89a'].map((c) => c.charCodeAt(0)),
  webp: [...'RIFF\0\0\0\0WEBP'].map((c) => c.charCodeAt(0)),
} as const;

/** A file whose bytes begin as `format` does, `size` bytes long (at least the signature). */
export function imageBytes(format: keyof typeof SIGNATURES, size = 16): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(size, SIGNATURES[format].length));
  bytes.set(SIGNATURES[format]);
  return bytes;
}

export const imageFile = (name: string, format: keyof typeof SIGNATURES, size?: number, type = `image/${format}`) =>
  new File([imageBytes(format, size)], name, { type });

/** What an SVG starts with: text, not one of the four formats. */
export const svgFile = (name = 'drawing.svg') =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], name, { type: 'image/svg+xml' });

/** A text file renamed to .png: the browser declares it image/png from its name alone. */
export const renamedTextFile = (name = 'notes.png') => new File(['just some notes, not a picture'], name, { type: 'image/png' });
