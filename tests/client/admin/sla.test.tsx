/** /admin/sla (design.md#service-levels): the policy form, its preview at a fixed instant, the holiday import, the server's 422 at the fields. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SlaPolicy } from '../../../src/shared/sla.ts';
import { formFromPolicy, importHolidays, previewFor, formatInZone } from '../../../src/client/features/sla/form.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest, type Reply } from '../fakeApi.ts';
import { ADMIN } from './helpers.ts';

const OFFICE = [['09:00', '17:00']] as [string, string][];
const POLICY: SlaPolicy = {
  timezone: 'Europe/Berlin',
  week: { mon: OFFICE, tue: OFFICE, wed: OFFICE, thu: OFFICE, fri: OFFICE, sat: [], sun: [] },
  holidays: ['2026-12-25'],
  targets: {
    high: { respond_minutes: 60, resolve_minutes: 480 },
    medium: { respond_minutes: 240, resolve_minutes: 1440 },
    low: { respond_minutes: null, resolve_minutes: null },
  },
  warn_percent: 80,
};
/** Monday 23 November 2026, 10:00 in Berlin. */
const MONDAY_10 = new Date('2026-11-23T09:00:00Z');

function serve(policy: SlaPolicy | null, put: (req: FakeRequest) => Reply = (req) => ({ body: { message: 'Service levels saved.', data: req.body } })) {
  const server = fakeApi({ 'GET /sla': { body: { data: policy } }, 'PUT /sla': put, 'DELETE /sla': { body: { message: 'Service levels are off.', data: null } } });
  signInAs(ADMIN);
  renderApp('/admin/sla');
  return server;
}
const puts = (server: { calls: FakeRequest[] }) => server.calls.filter((call) => call.method === 'PUT');
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

afterEach(() => vi.useRealTimers());

describe('/admin/sla', () => {
  test('is in the admin navigation; with no policy it starts from Monday to Friday, 9 to 5, and says SLA is off', async () => {
    serve(null);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Service levels' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('heading', { name: 'Service levels', level: 1 });
    screen.getByText('Service levels are off. Save a policy to turn them on.');
    expect(input('Monday from').value).toBe('09:00');
    expect(input('Friday until').value).toBe('17:00');
    expect(screen.queryByLabelText('Saturday from')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  test('a lunch break, a zone chosen by searching, 24:00, targets in hours and minutes: Save sends the policy', async () => {
    const server = serve(POLICY);
    await screen.findByText('Service levels are on: every open ticket has its deadlines.');
    type('Monday until', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    type('Monday from (2)', '13:00');
    type('Monday until (2)', '17:30');
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    type('Saturday from', '20:00');
    type('Saturday until', '24:00');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Friday hours 09:00–17:00' }));
    fireEvent.change(screen.getByLabelText('Search time zones'), { target: { value: 'new york' } });
    const zones = screen.getByLabelText('Time zone') as HTMLSelectElement;
    expect([...zones.options].map((o) => o.value)).toEqual(['Europe/Berlin', 'America/New_York']);
    fireEvent.change(zones, { target: { value: 'America/New_York' } });
    type('Low: take within, hours', '2');
    type('Low: take within, minutes', '30');
    type('High: close within, hours', '');
    type('High: close within, minutes', '');
    type('Warn at this share of the time used (%)', '75');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(puts(server)[0]!.body).toEqual({
      ...POLICY,
      timezone: 'America/New_York',
      week: { ...POLICY.week, mon: [['09:00', '12:00'], ['13:00', '17:30']], fri: [], sat: [['20:00', '24:00']] },
      targets: { ...POLICY.targets, high: { respond_minutes: 60, resolve_minutes: null }, low: { respond_minutes: 150, resolve_minutes: null } },
      warn_percent: 75,
    });
    await screen.findByText('Service levels saved.');
  });

  test('the shared rules stop a bad form before it is sent, at the field', async () => {
    const server = serve(POLICY);
    await screen.findByLabelText('Tuesday from');
    type('Tuesday from', '18:00');
    type('Medium: take within, hours', '-1');
    type('Warn at this share of the time used (%)', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Tuesday: Hours are two times HH:MM/);
    expect(input('Tuesday from').getAttribute('aria-invalid')).toBe('true');
    expect(input('Medium: take within, hours').getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText('A target is a whole number of minutes, 0 or more, or empty for none.');
    screen.getByText('warn_percent must be a whole number from 1 to 99.');
    expect(puts(server)).toHaveLength(0);
  });

  test("the server's 422 shows at the fields it names, and one it names that no field shows above the buttons", async () => {
    serve(POLICY, () => ({
      status: 422,
      body: {
        message: 'timezone must be a time zone such as Europe/Berlin.',
        errors: { timezone: ['timezone must be a time zone such as Europe/Berlin.'], 'week.wed.0': ['Wednesday overlaps.'], 'holidays.0': ['Not a day.'], policy: ['Try again.'] },
      },
    }));
    await screen.findByLabelText('Wednesday from');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Wednesday: Wednesday overlaps.');
    expect(screen.getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('timezone must be a time zone such as Europe/Berlin.').length).toBeGreaterThan(0);
    screen.getByText('Not a day.');
    expect(screen.getByText('Try again.').closest('[role="alert"]')).not.toBeNull();
  });

  test('holidays: add one, remove one, import a pasted list with its bad lines named', async () => {
    const server = serve(POLICY);
    await screen.findByRole('list', { name: 'Holidays' });
    type('Holiday', '2026-12-24');
    fireEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove holiday 2026-12-25' }));
    fireEvent.change(screen.getByLabelText('Import holidays (one date a line, YYYY-MM-DD)'), { target: { value: '2027-01-01\n\nNew Year\n2026-12-24\n2027-02-30\n2026-12-31\r\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const note = await screen.findByText(/holidays added/);
    expect(note.textContent).toBe('2 holidays added. Not a date (YYYY-MM-DD), left out: line 3 ("New Year"), line 5 ("2027-02-30").');
    const shown = within(screen.getByRole('list', { name: 'Holidays' })).getAllByRole('listitem').map((li) => li.querySelector('time')!.getAttribute('dateTime'));
    expect(shown).toEqual(['2026-12-24', '2026-12-31', '2027-01-01']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect((puts(server)[0]!.body as SlaPolicy).holidays).toEqual(['2026-12-24', '2026-12-31', '2027-01-01']);
  });

  test('the preview follows the form at a fixed instant, on the policy clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(MONDAY_10);
    serve(POLICY);
    await screen.findByText('A high ticket raised now must be taken by Mon 11:00, closed by Tue 10:00.');
    screen.getByText('A low ticket has no target.');
    type('High: take within, hours', '8');
    await screen.findByText('A high ticket raised now must be taken by Tue 10:00, closed by Tue 10:00.');
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'America/New_York' } });
    // 04:00 in New York: the day opens at 09:00 there.
    await screen.findByText('A high ticket raised now must be taken by Mon 17:00, closed by Mon 17:00.');
    type('Monday from', '25:00');
    await screen.findByText('A high ticket: fix the fields marked above to see its deadlines.');
  });

  test('Turn off asks first, then sends DELETE', async () => {
    const server = serve(POLICY);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off service levels?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE' && call.path === '/sla')).toBe(true));
  });
});

describe('the form model', () => {
  test('previewFor at fixed instants: outside hours, over a weekend and a holiday', () => {
    const form = formFromPolicy({ ...POLICY, holidays: ['2026-11-30'] });
    const friday16 = new Date('2026-11-27T15:00:00Z');
    const preview = previewFor(form, 'high', friday16)!;
    expect(preview.respondBy!.toISOString()).toBe('2026-11-27T16:00:00.000Z'); // Fri 17:00
    expect(formatInZone(preview.resolveBy!, 'Europe/Berlin', friday16)).toBe('Tue 16:00'); // 1 h Fri, Monday a holiday, 7 h Tue
    expect(previewFor(form, 'low', friday16)).toEqual({ respondBy: null, resolveBy: null });
    expect(formatInZone(new Date('2026-12-10T10:00:00Z'), 'Europe/Berlin', friday16)).toBe('Thu, Dec 10 11:00');
  });

  test('importHolidays keeps each day once, sorted, and names the bad lines', () => {
    expect(importHolidays('2026-12-25\n2026-12-24\nxmas', ['2026-12-25'])).toEqual({
      holidays: ['2026-12-24', '2026-12-25'],
      added: 1,
      bad: [{ line: 3, text: 'xmas' }],
    });
  });
});
