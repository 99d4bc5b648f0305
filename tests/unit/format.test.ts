/** Display rules: card truncation, the log date, safe links and avatar initials. */
import { describe, expect, it } from 'vitest';
import { formatLogDate, formatLogEntry, initials, isSafeLink, logEntryTime, truncateName, truncateTitle, type TicketLogEntry } from '../../src/shared/index.ts';

describe('card truncation', () => {
  it.each([
    [29, 'x'.repeat(29)],
    [30, 'x'.repeat(30)],
    [31, 'x'.repeat(26) + '...'],
  ])('title of %i characters', (n, expected) => expect(truncateTitle('x'.repeat(n))).toBe(expected));

  it('keeps the first 26 characters of a long title', () => {
    expect(truncateTitle('The checkout page shows a blank screen')).toBe('The checkout page shows a ...');
  });

  it.each([
    [9, 'y'.repeat(9)],
    [10, 'y'.repeat(10)],
    [11, 'y'.repeat(8) + '...'],
  ])('name of %i characters', (n, expected) => expect(truncateName('y'.repeat(n))).toBe(expected));

  it('keeps the first 8 characters of a long name', () => expect(truncateName('Christopher')).toBe('Christop...'));
});

describe('log dates (TZ=UTC in the test run)', () => {
  it.each([
    ['2026-11-21T09:05:00.000Z', 'Nov 21, 2026 09:05'],
    ['2026-01-02T23:59:59.000Z', 'Jan 2, 2026 23:59'],
    ['2025-12-31T00:00:00.000Z', 'Dec 31, 2025 00:00'],
  ])('%s → %s', (iso, expected) => expect(formatLogDate(iso)).toBe(expected));

  it.each([null, undefined, '', 'not a date'])('%j → empty', (value) => expect(formatLogDate(value)).toBe(''));

  const entry = (action: TicketLogEntry['action'], at: string): TicketLogEntry => ({
    id: 1,
    name: 'Dana',
    action,
    assigned_at: action === 'assigned' ? at : null,
    closed_at: action === 'closed' ? at : null,
    opened_at: action === 'opened' ? at : null,
    unassigned_at: action === 'unassigned' ? at : null,
    created_at: '2020-01-01T00:00:00.000Z',
  });

  it('reads the timestamp matching the action', () => {
    for (const action of ['opened', 'assigned', 'unassigned', 'closed'] as const) {
      expect(logEntryTime(entry(action, '2026-03-04T05:06:00.000Z'))).toBe('2026-03-04T05:06:00.000Z');
    }
  });

  it("formats '@name: action ticket at date time'", () => {
    expect(formatLogEntry(entry('assigned', '2026-11-21T09:05:00.000Z'))).toBe('@Dana: assigned ticket at Nov 21, 2026 09:05');
    expect(formatLogEntry(entry('closed', '2026-02-03T14:30:00.000Z'))).toBe('@Dana: closed ticket at Feb 3, 2026 14:30');
  });
});

describe('safe links', () => {
  it.each(['http://example.com', 'https://example.com/path?q=1', 'HTTPS://EXAMPLE.COM'])('%s is clickable', (link) => expect(isSafeLink(link)).toBe(true));
  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com', 'example.com', 'vbscript:x', '', null, undefined])(
    '%j is shown as text',
    (link) => expect(isSafeLink(link)).toBe(false),
  );
});

describe('initials', () => {
  it.each([
    ['dana', 'D'],
    ['Mary Ann', 'MA'],
    ['jean-luc picard', 'JL'],
    ['  Olivia  ', 'O'],
    ['', '?'],
    ['   ', '?'],
  ])('%j → %s', (name, expected) => expect(initials(name)).toBe(expected));
});
