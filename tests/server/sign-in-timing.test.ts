/**
 * Sign-in timing is one band (docs/design.md#sign-in): an unknown e-mail and a wrong password on an
 * account whose hash is older and cheaper take the same time, and that time follows the live
 * hash time, not one measured at boot. The attack: time both, and tell them apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInFloor, hashPassword } from '../../src/server/auth/passwords.ts';
import { FAILURE_WINDOW_MS } from '../../src/server/auth/sign-in.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers.ts';

/** Dear enough that a verification takes a few ms; the admin's old hash is far cheaper. */
const SERVER_COST = 11;
const OLD_COST = 4;
/** A boot measure far from the live one, as when the machine was busy at start. */
const BUSY_BOOT_MS = 400;
/** Attempts per kind, in rounds small enough for the per-account and per-pair failure limits. */
const ROUNDS = 4;
const PER_ROUND = 5;

describe('the sign-in floor', () => {
  it('answers with the boot measure only until a real verification is recorded', async () => {
    const floor = createSignInFloor(OLD_COST, [OLD_COST]);
    await floor.dummyHash;
    expect(floor.band()).toBe(floor.ms);
    floor.record(12);
    expect(floor.band()).toBe(12);
  });

  it('draws the band from the recent real verifications, forgetting old ones', async () => {
    let draw = 0;
    const floor = createSignInFloor(OLD_COST, [], () => draw);
    for (let ms = 1; ms <= 40; ms++) floor.record(ms);
    expect(floor.recent).toHaveLength(32);
    expect(floor.band()).toBe(9);
    draw = 0.999;
    expect(floor.band()).toBe(40);
    draw = 0.5;
    expect(floor.band()).toBe(25);
  });

  it('is as dear as the dearest account', () => {
    expect(createSignInFloor(10, [8, 12, 0]).cost).toBe(12);
  });
});

describe('sign-in answers, timed', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ scryptCost: SERVER_COST });
    // The admin's password was hashed before SCRYPT_COST was raised.
    t.server.app.db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(await hashPassword(ADMIN.password, OLD_COST), ADMIN.email);
  });
  afterAll(() => t.close());

  async function timed(email: string): Promise<number> {
    const started = performance.now();
    const answer = await t.call('POST', '/api/auth/sign-in', { json: { email, password: 'not-the-password' } });
    expect(answer.status).toBe(422);
    return performance.now() - started;
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('pads a wrong password on a cheaper hash to a recent live verification, which unknown e-mails record', async () => {
    const floor = t.server.app.signInFloor;
    await floor.dummyHash;
    floor.ms = BUSY_BOOT_MS;
    const bands: number[] = [];
    const band = floor.band;
    floor.band = () => {
      bands.push(band());
      return bands.at(-1)!;
    };
    try {
      await timed(ADMIN.email);
      expect(bands).toEqual([BUSY_BOOT_MS]);
      await timed('nobody@example.com');
      expect(floor.recent).toHaveLength(1);
      await timed(ADMIN.email);
      expect(bands[1]).toBe(floor.recent[0]);
    } finally {
      floor.band = band;
      t.advance(FAILURE_WINDOW_MS);
    }
  });

  it('cannot tell an unknown e-mail from a wrong password by time', async () => {
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < PER_ROUND; i++) {
        unknown.push(await timed(`nobody-${round}-${i}@example.com`));
        wrong.push(await timed(ADMIN.email));
      }
      t.advance(FAILURE_WINDOW_MS);
    }
    // Padded to the boot measure, every wrong password took BUSY_BOOT_MS while an unknown e-mail took a few ms.
    const [a, b] = [median(unknown), median(wrong)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(2);
    expect(Math.max(...wrong)).toBeLessThan(BUSY_BOOT_MS);
  });
});
