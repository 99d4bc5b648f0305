/** The answer cache: never stale after a write (here or in another process), bounded in size. */
import { describe, expect, it } from 'vitest';
import { createPayloadCache, etagMatches, preferredEncoding } from '../../src/server/http/payload.ts';

describe('payload cache', () => {
  it('builds once per data version, and again after a local or external write', () => {
    let external = 1;
    let builds = 0;
    const cache = createPayloadCache(() => external);
    const read = () => cache.get('tickets', () => ({ n: ++builds }));
    expect(read().body.toString()).toBe('{"n":1}');
    expect(read().body.toString()).toBe('{"n":1}');
    cache.bump();
    expect(read().body.toString()).toBe('{"n":2}');
    external = 2;
    expect(read().body.toString()).toBe('{"n":3}');
  });

  it('drops the least recently used entries beyond its byte budget', () => {
    let builds = 0;
    const cache = createPayloadCache(() => 0, 400);
    const read = (key: string) => cache.get(key, () => ({ key, pad: 'x'.repeat(100), n: ++builds }));
    read('a');
    read('b');
    read('a');
    read('c');
    expect(builds).toBe(3);
    read('a');
    expect(builds).toBe(3);
    read('b');
    expect(builds).toBe(4);
  });
});

describe('conditional requests and encodings', () => {
  it('compares ETags weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
