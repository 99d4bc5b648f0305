/** Reports in plain words: one unit per figure and table column, and an empty range said in words, not drawn as empty axes. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { daysOf, type Report } from '../../../src/shared/report.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { ADMIN } from './helpers.ts';

type Shape = Omit<Report, 'per_day'> & { perDay?: (date: string, i: number) => Omit<Report['per_day'][number], 'date'> };

function serve(shape: Shape) {
  return fakeApi({
    'GET /tickets/report': (req: FakeRequest) => {
      const params = new URLSearchParams(req.path.split('?')[1]);
      const days = daysOf(params.get('from')!, params.get('to')!);
      const perDay = shape.perDay ?? (() => ({ created: 0, closed: 0, backlog: 0 }));
      return { body: { data: { ...shape, perDay: undefined, per_day: days.map((date, i) => ({ date, ...perDay(date, i) })) } } };
    },
  });
}

const NOTHING = { p50: null, p90: null };
const region = (name: string) => screen.getByRole('region', { name });

describe('report units', () => {
  it("each measure's tiles share one unit, chosen from its largest value", async () => {
    signInAs(ADMIN);
    serve({
      time_to_assign: { p50: 0.25, p90: 3 },
      time_to_close: { p50: 12, p90: 96 },
      groups: [{ key: '2', label: 'Payments', created: 1, closed: 1, open: 0, median_close_hours: 12 }],
      perDay: (_d, i) => ({ created: i === 0 ? 1 : 0, closed: i === 0 ? 1 : 0, backlog: 0 }),
    });
    renderApp('/admin/reports');
    const tiles = await screen.findByRole('list', { name: 'Response times' });
    const values = within(tiles).getAllByRole('strong' as never).map((v) => v.firstChild!.textContent);
    expect(values).toEqual(['0.3 h', '3.0 h', '0.5 days', '4.0 days']);
  });

  it('a duration column names its unit in the header: days when its largest value is 48 h or more', async () => {
    signInAs(ADMIN);
    serve({
      time_to_assign: NOTHING,
      time_to_close: NOTHING,
      groups: [
        { key: '2', label: 'Payments', created: 2, closed: 1, open: 1, median_close_hours: 6 },
        { key: '3', label: 'Hardware', created: 1, closed: 1, open: 0, median_close_hours: 72 },
      ],
      perDay: (_d, i) => ({ created: i === 0 ? 3 : 0, closed: i === 0 ? 2 : 0, backlog: 1 }),
    });
    renderApp('/admin/reports');
    const breakdown = await screen.findByRole('region', { name: 'Breakdown by category' });
    fireEvent.click(within(breakdown).getByRole('button', { name: 'Show as table' }));
    within(breakdown).getByRole('columnheader', { name: 'Median time to close (days)' });
    within(breakdown).getByRole('cell', { name: '0.25' });
    within(breakdown).getByRole('cell', { name: '3' });
  });
});

describe('an empty report', () => {
  it('says there were no tickets in words, without tiles, axes or tables', async () => {
    signInAs(ADMIN);
    serve({ time_to_assign: NOTHING, time_to_close: NOTHING, groups: [] });
    renderApp('/admin/reports?from=2026-03-01&to=2026-03-03');
    await screen.findByText('No tickets in these days.');
    screen.getByText(/no ticket was created, closed or open\. Choose a longer range, or other days, above\./);
    expect(screen.queryByRole('list', { name: 'Response times' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    // The range can still be changed from here.
    screen.getByRole('group', { name: 'Range' });
  });

  it("is empty too when groups have only tickets open now (today's count, not the range's)", async () => {
    signInAs(ADMIN);
    serve({ time_to_assign: NOTHING, time_to_close: NOTHING, groups: [{ key: '2', label: 'Payments', created: 0, closed: 0, open: 1, median_close_hours: null }] });
    renderApp('/admin/reports?from=2020-03-01&to=2020-03-31');
    await screen.findByText('No tickets in these days.');
    expect(screen.queryByRole('heading', { name: 'Breakdown by category' })).toBeNull();
  });

  it('a chart with nothing to draw says so, while the rest of the report shows', async () => {
    signInAs(ADMIN);
    serve({
      time_to_assign: NOTHING,
      time_to_close: NOTHING,
      groups: [{ key: '2', label: 'Payments', created: 0, closed: 0, open: 2, median_close_hours: null }],
      perDay: () => ({ created: 0, closed: 0, backlog: 2 }),
    });
    renderApp('/admin/reports');
    const perDay = await screen.findByRole('region', { name: 'Created and closed per day' });
    within(perDay).getByText('No tickets were created or closed in these days.');
    expect(within(region('Open backlog')).queryByText('No tickets were open at the end of these days.')).toBeNull();
  });
});
