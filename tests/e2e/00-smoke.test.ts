/** The harness itself: the real server starts on a fresh database and the app loads in Chromium. */
import { expect, test } from 'vitest';
import { journeyDescribe, setupJourney, visible, pathOf } from './harness.ts';

journeyDescribe('e2e smoke: server and browser', () => {
  const j = setupJourney('00-smoke');

  test('the server answers /api/health and serves the sign-in page', async () => {
    const health = await fetch(`${j.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const page = await j.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    expect(pathOf(page)).toBe('/');
    await visible(page.getByLabel(/e-?mail/i));
    await visible(page.getByLabel(/password/i));
    await visible(page.getByRole('button', { name: /sign in|log in|login/i }));
    await j.screenshot(page, 'sign-in');
    expect(errors).toEqual([]);
  });
});
