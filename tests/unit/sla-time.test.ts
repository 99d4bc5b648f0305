/**
 * design.md#service-levels: business time in the policy's zone with Intl only, checked at fixed instants:
 * hours with a lunch break, a ticket raised outside hours, weekends, holidays, "24:00", and both
 * daylight-saving changes of 2026 in Europe (Berlin) and North America (New York). Then the policy's 422
 * rules, the words a state is shown in, and a ticket's state from its clocks (server/sla/state.ts).
 */
import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, businessMinutesBetween, dueDateView, slaLabel, validateSlaPolicy, type SlaPolicy, type TicketSla } from '../../src/shared/index.ts';
import { slaColumns } from '../../src/server/sla/state.ts';

const WORKDAY: [string, string][] = [['09:00', '12:00'], ['13:00', '17:00']];
const TARGETS = { high: { respond_minutes: 60, resolve_minutes: 240 }, medium: { respond_minutes: null, resolve_minutes: 480 }, low: { respond_minutes: null, resolve_minutes: null } };
const policyIn = (timezone: string, week: Partial<SlaPolicy['week']> = {}, holidays: string[] = []): SlaPolicy => ({
  timezone,
  week: { mon: WORKDAY, tue: WORKDAY, wed: WORKDAY, thu: WORKDAY, fri: WORKDAY, sat: [], sun: [], ...week },
  holidays,
  targets: TARGETS,
  warn_percent: 75,
});
const ALL_DAY: [string, string][] = [['00:00', '24:00']];
const allWeek = (timezone: string) => policyIn(timezone, { mon: ALL_DAY, tue: ALL_DAY, wed: ALL_DAY, thu: ALL_DAY, fri: ALL_DAY, sat: ALL_DAY, sun: ALL_DAY });
const berlin = policyIn('Europe/Berlin', {}, ['2026-12-25']);
const newYork = policyIn('America/New_York');
const add = (policy: SlaPolicy, from: string, minutes: number) => addBusinessMinutes(policy, new Date(from), minutes).toISOString();
const between = (policy: SlaPolicy, from: string, to: string) => businessMinutesBetween(policy, new Date(from), new Date(to));

describe('business minutes', () => {
  it('counts inside the hours, in the zone (Berlin is UTC+1 in January)', () => {
    expect(add(berlin, '2026-01-05T09:00:00Z', 60)).toBe('2026-01-05T10:00:00.000Z');
  });
  it('skips the lunch break between two spans of a day', () => {
    expect(add(berlin, '2026-01-05T10:30:00Z', 60)).toBe('2026-01-05T12:30:00.000Z');
    expect(between(berlin, '2026-01-05T08:00:00Z', '2026-01-05T16:00:00Z')).toBe(7 * 60);
  });
  it('starts the clock at the next opening for a ticket raised outside hours', () => {
    expect(add(berlin, '2026-01-10T15:00:00Z', 30)).toBe('2026-01-12T08:30:00.000Z'); // Saturday → Monday 09:30
    expect(add(berlin, '2026-01-06T05:00:00Z', 30)).toBe('2026-01-06T08:30:00.000Z'); // 06:00 → 09:30 the same day
  });
  it('carries a span across the weekend', () => {
    expect(add(berlin, '2026-01-09T15:00:00Z', 120)).toBe('2026-01-12T09:00:00.000Z'); // Fri 16:00 + 2 h → Mon 10:00
    expect(between(berlin, '2026-01-09T15:00:00Z', '2026-01-12T09:00:00Z')).toBe(120);
  });
  it('skips holidays', () => {
    expect(add(berlin, '2026-12-24T15:30:00Z', 60)).toBe('2026-12-28T08:30:00.000Z'); // Thu 16:30 + 1 h, Fri 25th a holiday
  });
  it('lets "24:00" end a day and the next day go on from midnight', () => {
    const nights = policyIn('Europe/Berlin', { sat: [['20:00', '24:00']], sun: [['00:00', '02:00']] });
    expect(add(nights, '2026-01-10T22:00:00Z', 120)).toBe('2026-01-11T00:00:00.000Z'); // Sat 23:00 + 2 h → Sun 01:00
  });
  it('answers for instants years apart with one policy (its running total grows both ways)', () => {
    const policy = policyIn('Europe/Berlin');
    expect(add(policy, '2026-01-05T09:00:00Z', 60)).toBe('2026-01-05T10:00:00.000Z');
    expect(add(policy, '2019-01-07T09:00:00Z', 60)).toBe('2019-01-07T10:00:00.000Z');
    expect(add(policy, '2031-01-06T09:00:00Z', 60)).toBe('2031-01-06T10:00:00.000Z');
    expect(between(policy, '2019-01-07T08:00:00Z', '2031-01-06T09:00:00Z')).toBeGreaterThan(0);
  });
  it('with no time to use, is the next working moment; at a span\'s end, that end', () => {
    expect(add(berlin, '2026-01-05T11:30:00Z', 0)).toBe('2026-01-05T12:00:00.000Z'); // 12:30, lunch → 13:00
    expect(add(berlin, '2026-01-05T08:00:00Z', 180)).toBe('2026-01-05T11:00:00.000Z'); // 09:00 + 3 h → 12:00, not 13:00
  });
  it('has no deadline when the week has no hours', () => {
    expect(addBusinessMinutes(policyIn('Europe/Berlin', { mon: [], tue: [], wed: [], thu: [], fri: [] }), new Date('2026-01-05T09:00:00Z'), 5).getTime()).toBeNaN();
  });

  describe('daylight saving, Europe/Berlin', () => {
    it('spring (29 March 2026): a weekend deadline lands at the summer offset, and the Sunday has 23 hours', () => {
      expect(add(berlin, '2026-03-27T15:00:00Z', 120)).toBe('2026-03-30T08:00:00.000Z'); // Fri 16:00 CET → Mon 10:00 CEST
      expect(between(allWeek('Europe/Berlin'), '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')).toBe(23 * 60);
      expect(add(allWeek('Europe/Berlin'), '2026-03-28T23:00:00Z', 24 * 60)).toBe('2026-03-29T23:00:00.000Z');
    });
    it('spring: a span across the skipped hour is that much shorter', () => {
      const early = policyIn('Europe/Berlin', { sun: [['01:00', '04:00']] });
      expect(between(early, '2026-03-28T12:00:00Z', '2026-03-29T12:00:00Z')).toBe(120);
    });
    it('autumn (25 October 2026): back to winter time, and the Sunday has 25 hours', () => {
      expect(add(berlin, '2026-10-23T14:00:00Z', 120)).toBe('2026-10-26T09:00:00.000Z'); // Fri 16:00 CEST → Mon 10:00 CET
      expect(between(allWeek('Europe/Berlin'), '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z')).toBe(25 * 60);
    });
  });

  describe('daylight saving, America/New_York', () => {
    it('spring (8 March 2026)', () => {
      expect(add(newYork, '2026-03-06T21:00:00Z', 120)).toBe('2026-03-09T14:00:00.000Z'); // Fri 16:00 EST → Mon 10:00 EDT
      expect(between(allWeek('America/New_York'), '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z')).toBe(23 * 60);
    });
    it('autumn (1 November 2026)', () => {
      expect(add(newYork, '2026-10-30T20:00:00Z', 120)).toBe('2026-11-02T15:00:00.000Z'); // Fri 16:00 EDT → Mon 10:00 EST
      expect(between(allWeek('America/New_York'), '2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z')).toBe(25 * 60);
    });
  });
});

describe('validateSlaPolicy', () => {
  const errorsOf = (change: Record<string, unknown>) => Object.keys(validateSlaPolicy({ ...berlin, ...change }).errors);
  it('takes a good policy, spans in order and holidays once each, sorted', () => {
    const { policy, errors } = validateSlaPolicy({ ...berlin, week: { ...berlin.week, mon: [['13:00', '17:00'], ['09:00', '12:00']] }, holidays: ['2026-12-26', '2026-12-25', '2026-12-26'] });
    expect(errors).toEqual({});
    expect(policy!.week.mon).toEqual(WORKDAY);
    expect(policy!.holidays).toEqual(['2026-12-25', '2026-12-26']);
  });
  it('names each bad field', () => {
    expect(errorsOf({ timezone: 'Mars/Olympus' })).toEqual(['timezone']);
    expect(errorsOf({ timezone: '+01:00' })).toEqual(['timezone']);
    expect(errorsOf({ week: { ...berlin.week, tue: [['17:00', '09:00']] } })).toEqual(['week.tue']);
    expect(errorsOf({ week: { ...berlin.week, wed: [['09:00', '12:00'], ['11:00', '13:00']] } })).toEqual(['week.wed']);
    expect(errorsOf({ week: { ...berlin.week, thu: [['09:00', '25:00']] } })).toEqual(['week.thu']);
    expect(errorsOf({ holidays: ['2026-02-30'] })).toEqual(['holidays']);
    expect(errorsOf({ holidays: ['Christmas'] })).toEqual(['holidays']);
    expect(errorsOf({ targets: { ...TARGETS, high: { respond_minutes: -5, resolve_minutes: 1.5 } } })).toEqual(['targets.high.respond_minutes', 'targets.high.resolve_minutes']);
    expect(errorsOf({ warn_percent: 0 })).toEqual(['warn_percent']);
    expect(errorsOf({ warn_percent: 100 })).toEqual(['warn_percent']);
    expect(errorsOf({ warn_percent: 50.5 })).toEqual(['warn_percent']);
  });
});

describe('slaLabel and the due date', () => {
  const now = new Date('2026-01-05T10:00:00Z');
  const sla = (state: TicketSla['state'], resolveBy: string | null): TicketSla => ({ respond_by: null, resolve_by: resolveBy, responded_at: null, state });
  it('says the state in words', () => {
    expect(slaLabel(sla('on_track', '2026-01-05T12:00:00Z'), now)).toBe('Due in 2 h');
    expect(slaLabel(sla('due_soon', '2026-01-05T10:40:00Z'), now)).toBe('Due soon: 40 min');
    expect(slaLabel(sla('breached', '2026-01-05T07:00:00Z'), now)).toBe('Breached 3 h ago');
    expect(slaLabel(sla('met', '2026-01-05T07:00:00Z'), now)).toBe('Met');
    expect(slaLabel(sla('none', null), now)).toBe('');
  });
  it('shows the manual due date as Overdue until the ticket is closed', () => {
    expect(dueDateView({ due_date: '2026-01-01', status: 'opened' }, now)?.text).toMatch(/^Overdue /);
    expect(dueDateView({ due_date: '2026-01-01', status: 'closed' }, now)).toBeNull();
  });
});

describe('slaColumns', () => {
  const at = (iso: string) => Date.parse(iso);
  // A high ticket raised Monday 10:00 Berlin: respond by 11:00, resolve by 15:00 (lunch 12–13); warn at 75 %.
  const row = { priority: 'high' as const, status: 'opened' as const, created_at: '2026-01-05T09:00:00.000Z', sla_clock_at: null, responded_at: null };
  it('is none without a policy or a target', () => {
    expect(slaColumns(null, row, at('2026-01-05T09:00:00Z')).sla_state).toBe('none');
    expect(slaColumns(berlin, { ...row, priority: 'low' }, at('2026-01-05T09:00:00Z')).sla_state).toBe('none');
  });
  it('is on track, then due soon past warn_percent, then breached, each waiting for the next crossing', () => {
    expect(slaColumns(berlin, row, at('2026-01-05T09:00:00Z'))).toEqual({
      respond_by: '2026-01-05T10:00:00.000Z', resolve_by: '2026-01-05T14:00:00.000Z', sla_state: 'on_track', sla_next_at: '2026-01-05T09:45:00.000Z',
    });
    expect(slaColumns(berlin, row, at('2026-01-05T09:45:00Z'))).toMatchObject({ sla_state: 'due_soon', sla_next_at: '2026-01-05T10:00:00.000Z' });
    expect(slaColumns(berlin, row, at('2026-01-05T10:00:00Z'))).toMatchObject({ sla_state: 'breached', sla_next_at: null });
  });
  it('stops the respond clock at the first assignment', () => {
    const taken = { ...row, status: 'assigned' as const, responded_at: '2026-01-05T09:30:00.000Z' };
    // 3 of the 4 resolve hours are 10:00–12:00 and 13:00–14:00: the warning is at 14:00 Berlin.
    expect(slaColumns(berlin, taken, at('2026-01-05T10:30:00Z'))).toMatchObject({ sla_state: 'on_track', sla_next_at: '2026-01-05T13:00:00.000Z' });
  });
  it('judges a closed ticket at its close: met in time, breached late', () => {
    const closed = { ...row, status: 'closed' as const, responded_at: '2026-01-05T09:30:00.000Z' };
    expect(slaColumns(berlin, closed, at('2026-01-05T13:00:00Z'))).toMatchObject({ sla_state: 'met', sla_next_at: null });
    expect(slaColumns(berlin, closed, at('2026-01-05T14:30:00Z'))).toMatchObject({ sla_state: 'breached' });
  });
  it('starts the resolve clock again at a reopen', () => {
    const reopened = { ...row, responded_at: '2026-01-05T09:30:00.000Z', sla_clock_at: '2026-01-06T09:00:00.000Z' };
    expect(slaColumns(berlin, reopened, at('2026-01-06T09:00:00Z'))).toMatchObject({ resolve_by: '2026-01-06T14:00:00.000Z', sla_state: 'on_track' });
  });
});
