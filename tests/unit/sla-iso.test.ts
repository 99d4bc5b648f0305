/** src/server/sla/iso.ts writes the same text as Date#toISOString, from its remembered days. */
import { describe, expect, it } from 'vitest';
import { isoInstant } from '../../src/server/sla/iso.ts';

const DAY_MS = 86_400_000;

describe('isoInstant', () => {
  it('matches toISOString at the edges of a day, a year and the epoch', () => {
    const edges = ['1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z', '2027-01-01T00:00:00.000Z', '2028-02-29T12:34:56.789Z'];
    for (const text of edges) expect(isoInstant(Date.parse(text))).toBe(text);
  });

  it('matches toISOString over thousands of instants across three years, more days than it remembers', () => {
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < 5_000; i++) {
      const ms = start + Math.floor(((i * 7_919) % 5_000) * 1.1 * DAY_MS * 0.25) + i * 37;
      expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('leaves what it cannot shortcut to toISOString: fractions of a millisecond', () => {
    expect(isoInstant(1_700_000_000_000.5)).toBe(new Date(1_700_000_000_000.5).toISOString());
  });
});
