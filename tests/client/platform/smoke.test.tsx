import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';

test('admin shell renders', async () => {
  fakeApi({});
  signInAs({ role: 'super', first_name: 'Ada' });
  renderApp('/admin');
  expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
  expect(screen.getByText('Ada')).toBeTruthy();
});
