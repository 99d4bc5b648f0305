/** The image rule shared by the picker and the server (product.md#validation-ticket): the first bytes decide. */
import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, IMAGE_SIGNATURE_BYTES, imageTypeOf, validateImageFile } from '../../src/shared/index.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const GIF87 = bytes('GIF87a', [1, 0]);
const GIF89 = bytes('GIF89a', [1, 0]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg">');
const SVG_WITH_PROLOG = bytes('<?xml version="1.0"?><svg>');

describe('imageTypeOf', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF87a', GIF87, 'image/gif'],
    ['GIF89a', GIF89, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('knows %s by its first bytes', (_name, head, type) => expect(imageTypeOf(head)).toBe(type));

  it.each([
    ['an SVG', SVG],
    ['an SVG with an XML prolog', SVG_WITH_PROLOG],
    ['text', bytes('just some notes, not a picture')],
    ['a RIFF that is not WebP (a WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a GIF of an unknown version', bytes('GIF88a')],
    ['a PNG cut short', PNG.subarray(0, 7)],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_name, head) => expect(imageTypeOf(head)).toBeUndefined());

  it('needs no more than IMAGE_SIGNATURE_BYTES bytes', () => {
    for (const head of [PNG, JPEG, GIF89, WEBP]) expect(imageTypeOf(head.subarray(0, IMAGE_SIGNATURE_BYTES))).toBeDefined();
  });

  it('the picker accepts exactly the four types', () => expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp'));
});

describe('validateImageFile with the first bytes', () => {
  const TYPE = 'Only PNG, JPEG, GIF or WebP images are accepted.';
  const SIZE = 'File size should not exceed 500 KB.';
  it.each([
    ['an SVG', { size: 200, type: 'image/svg+xml' }, SVG, TYPE],
    ['a text file named .png', { size: 30, type: 'image/png' }, bytes('just some notes'), TYPE],
    ['a PNG named .jpg', { size: 30, type: 'image/jpeg' }, PNG, undefined],
    ['a PNG without a declared type', { size: 30, type: '' }, PNG, undefined],
    ['a PDF', { size: 30, type: 'application/pdf' }, bytes('%PDF-1.7'), TYPE],
    ['a PNG of 512,000 bytes', { size: 512_000, type: 'image/png' }, PNG, undefined],
    ['a PNG of 512,001 bytes', { size: 512_001, type: 'image/png' }, PNG, SIZE],
  ])('%s', (_name, file, head, expected) => expect(validateImageFile(file, head)).toBe(expected));
});
