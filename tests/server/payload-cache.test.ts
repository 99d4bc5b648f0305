/** The answer cache: never stale after a write (here or in another process), bounded in size. */
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from '../../src/server/http/answer-cache.ts';
import { etagMatches, preferredEncoding } from '../../src/server/http/payload.ts';

describe('answer cache', () => {
  it('keeps answers until a tag they carry is invalidated, and drops all on an external commit', () => {
    let external = 1;
    let builds = 0;
    const cache = createAnswerCache(() => external);
    const read = (key: string, tags: string[]) => cache.get(key, tags, () => ({ key, n: ++builds })).body.toString();
    expect(read('list', ['lists'])).toBe('{"key":"list","n":1}');
    expect(read('ticket:7', ['ticket:7'])).toBe('{"key":"ticket:7","n":2}');
    expect(read('ticket:8', ['ticket:8'])).toBe('{"key":"ticket:8","n":3}');
    cache.invalidate('lists', 'ticket:7');
    expect(read('ticket:8', ['ticket:8'])).toBe('{"key":"ticket:8","n":3}');
    expect(read('list', ['lists'])).toBe('{"key":"list","n":4}');
    expect(read('ticket:7', ['ticket:7'])).toBe('{"key":"ticket:7","n":5}');
    external = 2;
    expect(read('ticket:8', ['ticket:8'])).toBe('{"key":"ticket:8","n":6}');
  });

  it('drops an answer carrying several tags by any of them, and forgets tags of answers evicted or dropped', () => {
    let builds = 0;
    const cache = createAnswerCache(() => 0, { budgetBytes: 2_500 });
    const read = (key: string, tags: string[]) => JSON.parse(cache.get(key, tags, () => ({ key, pad: 'x'.repeat(100), n: ++builds })).body.toString()).n;
    expect(read('page', ['lists', 'list:a'])).toBe(1);
    expect(read('stats', ['lists', 'counts'])).toBe(2);
    cache.invalidate('list:a', 'list:a', 'list:b');
    expect(read('stats', ['lists', 'counts'])).toBe(2);
    expect(read('page', ['lists', 'list:a'])).toBe(3);
    // 'stats' is evicted to make room; an invalidation naming its tags afterwards must not trip on it.
    expect(read('other', ['list:c'])).toBe(4);
    cache.invalidate('counts', 'list:c');
    expect(read('page', ['lists', 'list:a'])).toBe(3);
    expect(read('other', ['list:c'])).toBe(5);
    cache.invalidate('lists');
    expect([read('page', ['lists', 'list:a']), read('other', ['list:c'])]).toEqual([6, 5]);
  });

  it('keeps an answer made off the event loop only when no write dropped its tags, and no other connection wrote, while it was made', async () => {
    let external = 1;
    let builds = 0;
    const cache = createAnswerCache(() => external);
    const read = (during: () => void = () => {}) =>
      cache.getAsync('report', ['counts'], async () => {
        during();
        await Promise.resolve();
        return { n: ++builds };
      });
    await read(() => cache.invalidate('ticket:7'));
    await read(() => (external = 2));
    expect(builds).toBe(2); // neither was kept
    expect((await read()).body.toString()).toBe('{"n":3}');
    expect((await read()).body.toString()).toBe('{"n":3}'); // kept
    cache.invalidate('counts');
    expect((await read()).body.toString()).toBe('{"n":4}');
  });

  it('drops the least recently used entries beyond its byte budget', () => {
    let builds = 0;
    // Room for two: each counts its body and about 1 KiB of what surrounds it.
    const cache = createAnswerCache(() => 0, { budgetBytes: 2_500 });
    const read = (key: string) => cache.get(key, [], () => ({ key, pad: 'x'.repeat(100), n: ++builds }));
    read('a');
    read('b');
    read('a');
    read('c');
    expect(builds).toBe(3);
    read('a');
    expect(builds).toBe(3);
    read('b');
    expect(builds).toBe(4);
    expect(cache.bytes).toBeLessThanOrEqual(2_500);
  });

  it('answers an entry bigger than the per-entry cap without keeping it', () => {
    let builds = 0;
    const cache = createAnswerCache(() => 0, { entryMaxBytes: 100 });
    const read = () => cache.get('big', [], () => ({ pad: 'x'.repeat(200), n: ++builds }));
    read();
    read();
    expect(builds).toBe(2);
    expect(cache.bytes).toBe(0);
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
