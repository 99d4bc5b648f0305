/** One unit per report figure and chart (docs/design.md#ticket-page): hours under 48 h, else days, from the largest value. */
import { describe, expect, it } from 'vitest';
import { durationUnit, inUnit, isEmptyReport, type Report } from '../../src/shared/index.ts';

describe('durationUnit', () => {
  it.each([
    [[0.2, 47.99], 'hours'],
    [[0.2, 48], 'days'],
    [[1.5, 3], 'hours'],
    [[30, 100], 'days'],
    [[null, 12], 'hours'],
    [[null, null], 'hours'],
    [[], 'hours'],
    [[null, 200, undefined], 'days'],
  ] as const)('%j reads in %s', (hours, unit) => expect(durationUnit(hours)).toBe(unit));

  it('is chosen once for the whole set: a small value shares the unit of the largest', () => {
    const values = [0.5, 30, 100];
    const unit = durationUnit(values);
    expect(values.map((h) => inUnit(h, unit))).toEqual([0.02, 1.25, 4.17]);
  });
});

describe('inUnit', () => {
  it('hours stay hours, to a hundredth', () => expect(inUnit(5.555, 'hours')).toBe(5.56));
  it('days are 24 hours', () => expect(inUnit(72, 'days')).toBe(3));
});

describe('isEmptyReport', () => {
  const day = (date: string, created = 0, closed = 0, backlog = 0) => ({ date, created, closed, backlog });
  const report = (per_day: Report['per_day'], groups: Report['groups'] = []): Report => ({
    per_day,
    groups,
    time_to_assign: { p50: null, p90: null },
    time_to_close: { p50: null, p90: null },
  });

  it('is empty with no ticket created, closed or open on any day', () => {
    expect(isEmptyReport(report([day('2026-03-01'), day('2026-03-02')]))).toBe(true);
  });
  it.each([
    ['one created', [day('2026-03-01', 1)]],
    ['one closed', [day('2026-03-01', 0, 1)]],
    ['one open from before', [day('2026-03-01', 0, 0, 1)]],
  ])('is not empty with %s', (_name, days) => expect(isEmptyReport(report(days))).toBe(false));
  const group = (created: number, closed: number, open: number) => ({ key: '1', label: 'Hardware', created, closed, open, median_close_hours: null });
  it("is still empty when a group has only tickets open now (today's count, not the range's)", () => {
    expect(isEmptyReport(report([day('2020-03-01')], [group(0, 0, 3)]))).toBe(true);
  });
  it.each([
    ['created', group(1, 0, 0)],
    ['closed', group(0, 1, 0)],
  ])('is not empty with a group that %s one in the range', (_name, row) => expect(isEmptyReport(report([day('2026-03-01')], [row]))).toBe(false));
});
