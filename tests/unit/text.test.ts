/** Truncation never splits a character (docs/design.md#ticket-page): emoji, accents and CJK count as readers count them. */
import { describe, expect, it } from 'vitest';
import { characters, fitLength, firstCharacter, initials, oneLine, truncate, truncateName, truncateTitle } from '../../src/shared/index.ts';

const FAMILY = '👨‍👩‍👧‍👦'; // four people joined by ZWJ: 11 UTF-16 units, one character
const FLAG = '🇯🇵'; // two regional indicators
const THUMB = '👍🏽'; // an emoji and its skin tone
const E_ACUTE = 'e\u0301'; // e and a combining acute accent
const KANJI = '漢字のテキスト';

/** No lone surrogate: every character survived whole. */
// encodeURIComponent throws on a lone surrogate.
const wellFormed = (text: string) => expect(() => encodeURIComponent(text)).not.toThrow();

describe('characters', () => {
  it('counts grapheme clusters where Intl.Segmenter exists', () => {
    expect(characters(`${FAMILY}${FLAG}${THUMB}${E_ACUTE}${KANJI}`)).toEqual([FAMILY, FLAG, THUMB, E_ACUTE, ...KANJI]);
  });

  it('counts code points without it (null segmenter)', () => {
    expect(characters(`a${THUMB}${E_ACUTE}`, null)).toEqual(['a', '👍', '🏽', 'e', '\u0301']);
  });
});

describe('truncate', () => {
  it('keeps text of at most max characters whole, however many UTF-16 units it takes', () => {
    expect(truncate(FAMILY.repeat(10), 10)).toBe(FAMILY.repeat(10));
  });

  it.each([
    ['ZWJ families', FAMILY],
    ['flags', FLAG],
    ['skin tones', THUMB],
    ['combining accents', E_ACUTE],
  ])('cuts %s between characters', (_name, char) => {
    const cut = truncate(`a${char.repeat(40)}`, 30, { keep: 26, ellipsis: '...' });
    expect(cut).toBe(`a${char.repeat(25)}...`);
    wellFormed(cut);
  });

  it('cuts CJK text by its characters', () => {
    expect(truncate(KANJI.repeat(5), 30, { keep: 26, ellipsis: '...' })).toBe(`${KANJI.repeat(5).slice(0, 26)}...`);
  });

  it('without Intl.Segmenter still never leaves half a surrogate pair', () => {
    const cut = truncate(THUMB.repeat(20), 10, { segmenter: null });
    expect(cut).toBe(`${'👍🏽'.repeat(4)}👍…`);
    wellFormed(cut);
  });

  it("defaults to max - 1 characters and '…'", () => expect(truncate('abcdefghij', 5)).toBe('abcd…'));
});

describe('the product truncations', () => {
  it('card titles: over 30 characters, the first 26 whole ones and ...', () => {
    expect(truncateTitle(`${FLAG} Printer ${FAMILY} on fire in the lobby again`)).toBe(`${FLAG} Printer ${FAMILY} on fire in the...`);
    expect(truncateTitle(FLAG.repeat(30))).toBe(FLAG.repeat(30));
    expect(truncateTitle(FLAG.repeat(31))).toBe(`${FLAG.repeat(26)}...`);
  });

  it('card names: over 10 characters, the first 8 whole ones and ...', () => {
    expect(truncateName(`Ren${E_ACUTE}e Dupont`)).toBe(`Ren${E_ACUTE}e Du...`);
    expect(truncateName(`${THUMB}${'Ana'.repeat(4)}`)).toBe(`${THUMB}AnaAnaA...`);
    expect(truncateName('山田太郎さんの名前です')).toBe('山田太郎さんの名...');
  });

  it('notification and chat lines', () => {
    const line = oneLine(`${'x'.repeat(78)}${FAMILY}${FAMILY}`, 80);
    expect(line).toBe(`${'x'.repeat(78)}${FAMILY}${FAMILY}`);
    const cut = oneLine(`${'x'.repeat(79)}${FAMILY}${FAMILY}`, 80);
    expect(cut).toBe(`${'x'.repeat(79)}…`);
    wellFormed(cut);
  });

  it('avatar initials take whole first characters', () => {
    expect(initials(`${E_ACUTE}lise Marie`)).toBe(`${E_ACUTE.toUpperCase()}M`);
    expect(initials(`${THUMB} Ana`)).toBe(`${THUMB}A`);
    expect(initials('山田 太郎')).toBe('山太');
  });
});

describe('fitLength (a stored limit in UTF-16 units)', () => {
  it('keeps whole characters within the limit', () => {
    const fitted = fitLength(`${'a'.repeat(495)}${FAMILY}`, 500);
    expect(fitted).toBe('a'.repeat(495));
    expect(fitLength('abc', 500)).toBe('abc');
    wellFormed(fitLength(`${'a'.repeat(499)}👍`, 500, null));
  });

  it('firstCharacter', () => {
    expect(firstCharacter(`${FAMILY}x`)).toBe(FAMILY);
    expect(firstCharacter('👍x', null)).toBe('👍');
    expect(firstCharacter('')).toBe('');
  });
});
