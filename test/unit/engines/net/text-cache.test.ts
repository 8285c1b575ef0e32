import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTextCache as createContentCache } from '../../../../engines/net/text-cache.ts';
import { Fetched } from '../../../../engines/net/fetched.ts';
import { bytesOf } from '../../../../engines/parse/open.ts';
import { manualClock } from './manual-clock.ts';

/** The cache keeps sealed content; texts are sealed as UTF-16 here, so that a text of n characters is 2n bytes. */
function createTextCache(options: Parameters<typeof createContentCache>[0] = {}) {
  const cache = createContentCache(options);
  return {
    async get(key: string, load: () => Promise<string | null>): Promise<string | null> {
      const content = await cache.get(key, async () => {
        const text = await load();
        return text === null ? null : new Fetched(Buffer.from(text, 'utf16le'));
      });
      return content && bytesOf(content).toString('utf16le');
    },
    get size() {
      return cache.size;
    },
    get bytes() {
      return cache.bytes;
    },
  };
}

/** A loader counting its calls. */
function loader(text: string | null | Error) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    if (text instanceof Error) throw text;
    return text;
  };
  return { load, calls };
}

describe('createTextCache', () => {
  it('keeps a loaded text for ttlMs, then loads again', async () => {
    const clock = manualClock();
    const cache = createTextCache({ ttlMs: 3_600_000, now: clock.now });
    const { load, calls } = loader('gtm body');
    assert.equal(await cache.get('https://www.googletagmanager.com/gtm.js?id=GTM-A', load), 'gtm body');
    clock.advance(3_599_000);
    assert.equal(await cache.get('https://www.googletagmanager.com/gtm.js?id=GTM-A', load), 'gtm body');
    assert.equal(calls.count, 1);
    clock.advance(2_000);
    await cache.get('https://www.googletagmanager.com/gtm.js?id=GTM-A', load);
    assert.equal(calls.count, 2);
  });

  it('keeps neither null (a failed status) nor a failure', async () => {
    const cache = createTextCache();
    const missing = loader(null);
    const failing = loader(new Error('connect'));
    for (let i = 0; i < 2; i++) {
      assert.equal(await cache.get('missing', missing.load), null);
      await assert.rejects(cache.get('failing', failing.load), /connect/);
    }
    assert.deepEqual([missing.calls.count, failing.calls.count, cache.size], [2, 2, 0]);
  });

  it('shares one load among identical gets in flight, its failure included', async () => {
    const cache = createTextCache();
    let finish!: (text: string) => void;
    let calls = 0;
    const load = () => {
      calls += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const gets = [cache.get('a', load), cache.get('a', load), cache.get('a', load)];
    finish('shared');
    assert.deepEqual(await Promise.all(gets), ['shared', 'shared', 'shared']);
    assert.equal(calls, 1);
    const failing = loader(new Error('timeout'));
    const failures = await Promise.allSettled([cache.get('b', failing.load), cache.get('b', failing.load)]);
    assert.deepEqual(
      failures.map((outcome) => outcome.status),
      ['rejected', 'rejected'],
    );
    assert.equal(failing.calls.count, 1);
  });

  it('holds at most maxBytes, dropping the least recently used; a text larger than the whole cache is not kept', async () => {
    const cache = createTextCache({ maxBytes: 100 });
    const twenty = 'x'.repeat(20); // 40 bytes in memory
    await cache.get('a', async () => twenty);
    await cache.get('b', async () => twenty);
    await cache.get('a', async () => 'reloaded'); // a hit: a is now the most recent
    await cache.get('c', async () => twenty); // 120 bytes: b goes
    assert.deepEqual([cache.size, cache.bytes], [2, 80]);
    assert.equal(await cache.get('b', async () => 'b again'), 'b again');
    assert.equal(await cache.get('huge', async () => 'y'.repeat(51)), 'y'.repeat(51));
    assert.equal(await cache.get('huge', async () => 'not kept'), 'not kept');
    assert.ok(cache.bytes <= 100);
  });

  it('keeps nothing with ttlMs 0', async () => {
    const cache = createTextCache({ ttlMs: 0 });
    const { load, calls } = loader('text');
    await cache.get('a', load);
    await cache.get('a', load);
    assert.deepEqual([calls.count, cache.size], [2, 0]);
  });
});
