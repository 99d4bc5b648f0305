/** Service levels' shared rules (design.md#service-levels): business time in a zone, the policy's 422 rules, the words. */
import { describe, expect, test } from 'vitest';
import { addBusinessMinutes, businessMinutesBetween, dueDateView, slaLabel, slaView, validateSlaPolicy, type SlaPolicy, type TicketSla } from '../../src/shared/sla.ts';
import { zonedInstant } from '../../src/shared/zonedTime.ts';

const OFFICE: SlaPolicy['week'] = {
  mon: [['09:00', '12:00'], ['13:00', '17:00']],
  tue: [['09:00', '12:00'], ['13:00', '17:00']],
  wed: [['09:00', '12:00'], ['13:00', '17:00']],
  thu: [['09:00', '12:00'], ['13:00', '17:00']],
  fri: [['09:00', '12:00'], ['13:00', '17:00']],
  sat: [],
  sun: [],
};
const ALWAYS = Object.fromEntries(Object.keys(OFFICE).map((day) => [day, [['00:00', '24:00']]])) as SlaPolicy['week'];
const TARGETS: SlaPolicy['targets'] = {
  high: { respond_minutes: 60, resolve_minutes: 480 },
  medium: { respond_minutes: 240, resolve_minutes: null },
  low: { respond_minutes: null, resolve_minutes: null },
};

const policy = (timezone: string, week = OFFICE, holidays: string[] = []): SlaPolicy => ({ timezone, week, holidays, targets: TARGETS, warn_percent: 80 });
const at = (iso: string) => new Date(iso);
const add = (p: SlaPolicy, from: string, minutes: number) => addBusinessMinutes(p, at(from), minutes).toISOString();

describe('addBusinessMinutes', () => {
  const berlin = policy('Europe/Berlin');

  test('counts inside a day and skips the lunch break', () => {
    // Mon 2026-11-23 10:00 CET is 09:00Z.
    expect(add(berlin, '2026-11-23T09:00:00Z', 60)).toBe('2026-11-23T10:00:00.000Z');
    expect(add(berlin, '2026-11-23T09:00:00Z', 180)).toBe('2026-11-23T13:00:00.000Z'); // 2 h to noon, 1 h from 13:00 → 14:00 CET
  });

  test('a span across the weekend resumes on Monday', () => {
    // Fri 2026-11-27 16:00 CET + 2 h → Mon 2026-11-30 10:00 CET.
    expect(add(berlin, '2026-11-27T15:00:00Z', 120)).toBe('2026-11-30T09:00:00.000Z');
  });

  test('a ticket raised outside hours starts at the next opening', () => {
    expect(add(berlin, '2026-11-28T12:00:00Z', 30)).toBe('2026-11-30T08:30:00.000Z'); // Saturday → Mon 09:30 CET
    expect(add(berlin, '2026-11-23T11:30:00Z', 30)).toBe('2026-11-23T12:30:00.000Z'); // 12:30, in the lunch break → 13:30
    expect(add(berlin, '2026-11-23T05:00:00Z', 0)).toBe('2026-11-23T08:00:00.000Z'); // 06:00, before opening; 0 min → the opening
  });

  test('holidays are skipped', () => {
    // Thu 2026-12-24 16:00 CET + 2 h; Fri 25th is a holiday → Mon 28th 10:00.
    const christmas = policy('Europe/Berlin', OFFICE, ['2026-12-25']);
    expect(add(christmas, '2026-12-24T15:00:00Z', 120)).toBe('2026-12-28T09:00:00.000Z');
  });

  test('Europe, clocks forward (29 Mar 2026): Monday opens at 09:00 summer time', () => {
    expect(add(berlin, '2026-03-27T15:00:00Z', 120)).toBe('2026-03-30T08:00:00.000Z'); // Fri 16:00 CET → Mon 10:00 CEST
    const always = policy('Europe/Berlin', ALWAYS);
    expect(add(always, '2026-03-28T11:00:00Z', 24 * 60)).toBe('2026-03-29T11:00:00.000Z'); // 24 real hours
    expect(businessMinutesBetween(always, zonedInstant(2026, 3, 29, 0, 'Europe/Berlin'), zonedInstant(2026, 3, 30, 0, 'Europe/Berlin'))).toBe(23 * 60);
  });

  test('Europe, clocks back (25 Oct 2026): Monday opens at 09:00 winter time', () => {
    expect(add(berlin, '2026-10-23T14:00:00Z', 120)).toBe('2026-10-26T09:00:00.000Z'); // Fri 16:00 CEST → Mon 10:00 CET
    const always = policy('Europe/Berlin', ALWAYS);
    expect(businessMinutesBetween(always, zonedInstant(2026, 10, 25, 0, 'Europe/Berlin'), zonedInstant(2026, 10, 26, 0, 'Europe/Berlin'))).toBe(25 * 60);
  });

  test('North America, clocks forward (8 Mar 2026) and back (1 Nov 2026)', () => {
    const newYork = policy('America/New_York');
    expect(add(newYork, '2026-03-06T21:00:00Z', 120)).toBe('2026-03-09T14:00:00.000Z'); // Fri 16:00 EST → Mon 10:00 EDT
    expect(add(newYork, '2026-10-30T20:00:00Z', 120)).toBe('2026-11-02T15:00:00.000Z'); // Fri 16:00 EDT → Mon 10:00 EST
    const always = policy('America/New_York', ALWAYS);
    const day = (m: number, d: number) => zonedInstant(2026, m, d, 0, 'America/New_York');
    expect(businessMinutesBetween(always, day(3, 8), day(3, 9))).toBe(23 * 60);
    expect(businessMinutesBetween(always, day(11, 1), day(11, 2))).toBe(25 * 60);
  });

  test('hours inside the skipped hour count from the jump; 24:00 ends a day', () => {
    const night = policy('Europe/Berlin', { ...OFFICE, sun: [['02:00', '04:00'], ['22:00', '24:00']] });
    const sunday = zonedInstant(2026, 3, 29, 0, 'Europe/Berlin');
    expect(businessMinutesBetween(night, sunday, zonedInstant(2026, 3, 30, 0, 'Europe/Berlin'))).toBe(60 + 120);
    expect(add(night, sunday.toISOString(), 60 + 90)).toBe('2026-03-29T21:30:00.000Z'); // 23:30 CEST
  });

  test('inverse of businessMinutesBetween', () => {
    const from = at('2026-11-23T07:13:00Z');
    for (const minutes of [1, 59, 240, 600, 5000]) {
      expect(businessMinutesBetween(berlin, from, addBusinessMinutes(berlin, from, minutes))).toBe(minutes);
    }
  });

  test('a week without hours never reaches a deadline', () => {
    const none = policy('UTC', Object.fromEntries(Object.keys(OFFICE).map((d) => [d, []])) as unknown as SlaPolicy['week']);
    expect(Number.isNaN(addBusinessMinutes(none, at('2026-11-23T09:00:00Z'), 1).getTime())).toBe(true);
  });
});

describe('validateSlaPolicy', () => {
  const good = policy('Europe/Berlin', OFFICE, ['2026-12-26', '2026-12-25', '2026-12-25']);

  test('a good policy comes back as stored: holidays sorted once each', () => {
    const { policy: stored, errors } = validateSlaPolicy(good);
    expect(errors).toEqual({});
    expect(stored!.holidays).toEqual(['2026-12-25', '2026-12-26']);
    expect(stored!.week.mon).toEqual(OFFICE.mon);
  });

  test.each([
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['week.mon', { week: { ...OFFICE, mon: [['17:00', '09:00']] } }],
    ['week.tue', { week: { ...OFFICE, tue: [['09:00', '13:00'], ['12:00', '17:00']] } }],
    ['week.wed', { week: { ...OFFICE, wed: [['9:00', '17:00']] } }],
    ['week.thu', { week: { ...OFFICE, thu: [['24:00', '24:00']] } }],
    ['holidays', { holidays: ['2026-02-30'] }],
    ['holidays', { holidays: ['Christmas'] }],
    ['targets.high.respond_minutes', { targets: { ...TARGETS, high: { respond_minutes: -1, resolve_minutes: 60 } } }],
    ['targets.low.resolve_minutes', { targets: { ...TARGETS, low: { respond_minutes: null, resolve_minutes: 1.5 } } }],
    ['warn_percent', { warn_percent: 0 }],
    ['warn_percent', { warn_percent: 100 }],
  ])('%s is named when bad', (field, change) => {
    const { policy: stored, errors } = validateSlaPolicy({ ...good, ...change });
    expect(stored).toBeUndefined();
    expect(Object.keys(errors)).toEqual([field]);
  });

  test('"24:00" ends a day and back-to-back spans are fine', () => {
    expect(validateSlaPolicy({ ...good, week: { ...OFFICE, sat: [['00:00', '12:00'], ['12:00', '24:00']] } }).errors).toEqual({});
  });
});

describe('slaLabel and the due date', () => {
  const now = at('2026-11-23T10:00:00Z');
  const sla = (state: TicketSla['state'], by: string, responded: string | null = null): TicketSla => ({ respond_by: by, resolve_by: '2026-11-30T10:00:00Z', responded_at: responded, state });

  test('says it in words', () => {
    expect(slaLabel(sla('on_track', '2026-11-23T12:00:00Z'), now)).toBe('Due in 2 h');
    expect(slaLabel(sla('due_soon', '2026-11-23T10:40:00Z'), now)).toBe('Due soon: 40 min');
    expect(slaLabel(sla('breached', '2026-11-23T07:00:00Z'), now)).toBe('Breached 3 h ago');
    expect(slaLabel({ ...sla('met', '2026-11-23T07:00:00Z'), responded_at: '2026-11-23T06:00:00Z' }, now)).toBe('Met');
    expect(slaLabel({ respond_by: null, resolve_by: null, responded_at: null, state: 'none' }, now)).toBe('');
    expect(slaLabel(undefined, now)).toBe('');
  });

  test('once responded, the resolve deadline counts; a deadline passed since the answer reads as breached', () => {
    expect(slaLabel(sla('on_track', '2026-11-23T09:00:00Z', '2026-11-23T08:00:00Z'), now)).toBe('Due in 7 d');
    expect(slaView(sla('on_track', '2026-11-23T09:30:00Z'), now)).toEqual({ state: 'breached', text: 'Breached 30 min ago' });
    expect(slaLabel(sla('breached', '2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z'), now)).toBe('Breached 2 h ago');
    // The server says breached, this clock is behind it: no time in the wrong direction.
    expect(slaLabel(sla('breached', '2026-11-23T11:00:00Z'), now)).toBe('Breached');
  });

  test('the due date: Overdue once past, nothing once closed', () => {
    const day = new Date(2026, 10, 23, 12);
    expect(dueDateView({ due_date: '2026-11-22', status: 'opened' }, day)).toEqual({ state: 'breached', text: 'Overdue Nov 22, 2026' });
    expect(dueDateView({ due_date: '2026-11-23', status: 'assigned' }, day)).toEqual({ state: 'on_track', text: 'Due Nov 23, 2026' });
    expect(dueDateView({ due_date: '2026-11-22', status: 'closed' }, day)).toBeNull();
    expect(dueDateView({ due_date: null, status: 'opened' }, day)).toBeNull();
  });
});
