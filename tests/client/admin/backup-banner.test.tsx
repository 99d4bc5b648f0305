/** A failed scheduled backup shows on the super's dashboard until a later backup succeeds. */
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BackupState } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { ADMIN } from './helpers.ts';

const HEALTHY: BackupState = {
  scheduled: true,
  dir: '/var/backups/helpdesk',
  every_hours: 24,
  keep: 7,
  last_success: { at: '2026-11-24T02:00:00.000Z', file: '/var/backups/helpdesk/helpdesk-20261124T020000Z.db', bytes: 52_000_000, ms: 840 },
  failure: null,
};
const FAILED: BackupState = { ...HEALTHY, failure: { at: '2026-11-25T02:00:00.000Z', message: 'ENOSPC: no space left on device, write' } };

describe('backup failure banner', () => {
  test('says that the last scheduled backup failed, when, why, and how often it is retried', async () => {
    fakeApi({ ...ticketRoutes([]), 'GET /backups': { body: { data: FAILED } } });
    signInAs(ADMIN);
    renderApp('/admin');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('The last scheduled backup failed');
    expect(banner.textContent).toContain('ENOSPC: no space left on device, write');
    expect(banner.textContent).toContain('every 24 hours');
  });

  test('shows nothing while backups succeed, or when none are scheduled', async () => {
    for (const data of [HEALTHY, { ...HEALTHY, scheduled: false, dir: null, last_success: null }]) {
      fakeApi({ ...ticketRoutes([]), 'GET /backups': { body: { data } } });
      signInAs(ADMIN);
      const { unmount } = renderApp('/admin');
      await screen.findByText('You have no Ticket.');
      expect(screen.queryByText('The last scheduled backup failed')).toBeNull();
      unmount();
    }
  });

  test('is only on the dashboard', async () => {
    fakeApi({ ...ticketRoutes([]), 'GET /backups': { body: { data: FAILED } } });
    signInAs(ADMIN);
    renderApp('/admin/tickets');
    await screen.findByText('You have no Ticket.');
    expect(screen.queryByText('The last scheduled backup failed')).toBeNull();
  });
});
