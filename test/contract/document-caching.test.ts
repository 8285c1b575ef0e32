import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { rawGet, rawRequest } from '../support/http-call.ts';
import { renderCache } from '../../server/documents.ts';
import { startedService } from '../support/lifecycle.ts';

describe('documents: gzip, ETag and 304', () => {
  const setup = startedService();

  for (const path of ['/v1/catalog', '/openapi.json', '/errors', '/llms.txt']) {
    it(`${path}: gzip to a client that accepts it, identical to the plain bytes; 304 on a matching ETag`, async () => {
      const plain = await rawGet(setup.url + path);
      const zipped = await rawGet(setup.url + path, { 'accept-encoding': 'gzip, br' });
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.ok(zipped.body.length < plain.body.length / 2, `${zipped.body.length} vs ${plain.body.length}`);
      assert.deepEqual(gunzipSync(zipped.body), plain.body);
      assert.equal(zipped.headers.etag, plain.headers.etag);
      assert.match(String(plain.headers.vary), /Accept-Encoding/);
      const again = await rawGet(setup.url + path, { 'if-none-match': String(plain.headers.etag) });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });
  }
});

/** The documents whose text carries the base URL, and the ones that do not. */
const WITH_BASE = ['/v1/catalog', '/openapi.json', '/.well-known/x402.json', '/.well-known/agent-card.json', '/llms.txt'];
const WITHOUT_BASE = ['/errors', '/docs', '/docs/assets/init.js'];
const varyOf = (headers: Record<string, string | string[] | undefined>) =>
  String(headers.vary ?? '')
    .split(/\s*,\s*/)
    .map((name) => name.toLowerCase());

describe('documents: no shared cache keeps a Host that a client chose', () => {
  describe('without PUBLIC_BASE_URL (the base URL comes from the request)', () => {
    const setup = startedService();

    for (const path of WITH_BASE) {
      it(`${path}: private to the client, Vary: Host, with Origin and Accept-Encoding kept`, async () => {
        const answer = await rawGet(setup.url + path, { host: 'attacker.example' });
        assert.equal(answer.status, 200);
        assert.ok(answer.body.toString().includes('http://attacker.example'), 'the Host is in the body');
        assert.equal(answer.headers['cache-control'], `private, max-age=${path === '/.well-known/x402.json' ? 60 : 300}`);
        assert.deepEqual(varyOf(answer.headers).sort(), ['accept-encoding', 'host', 'origin']);
        const head = await rawRequest(setup.url + path, { method: 'HEAD', headers: { host: 'attacker.example' } });
        assert.equal(head.headers['cache-control'], answer.headers['cache-control']);
        assert.equal(head.headers.vary, answer.headers.vary);
      });
    }

    for (const path of WITHOUT_BASE) {
      it(`${path}: carries no Host, so stays public`, async () => {
        const answer = await rawGet(setup.url + path, { host: 'attacker.example' });
        assert.equal(answer.status, 200);
        assert.ok(!answer.body.toString().includes('attacker.example'));
        assert.match(String(answer.headers['cache-control']), /^public, max-age=\d+$/);
        assert.ok(!varyOf(answer.headers).includes('host'));
      });
    }
  });

  describe('with PUBLIC_BASE_URL', () => {
    const setup = startedService({ config: { publicBaseUrl: 'https://api.example.test' } });

    for (const path of WITH_BASE) {
      it(`${path}: the configured base whatever the Host, public, no Vary: Host`, async () => {
        const answer = await rawGet(setup.url + path, { host: 'attacker.example' });
        assert.equal(answer.status, 200);
        assert.ok(!answer.body.toString().includes('attacker.example'));
        assert.ok(answer.body.toString().includes('https://api.example.test'));
        assert.match(String(answer.headers['cache-control']), /^public, max-age=\d+$/);
        assert.deepEqual(varyOf(answer.headers).sort(), ['accept-encoding', 'origin']);
      });
    }
  });
});

describe('renderCache', () => {
  it('keeps at most maxEntries bodies, the least recently used leaving first', () => {
    const rendered = renderCache({ maxEntries: 2 });
    const made: string[] = [];
    const make = (key: string) => rendered(key, () => (made.push(key), `body of ${key}`));
    make('a');
    make('b');
    make('a');
    make('c');
    make('a');
    make('b');
    assert.deepEqual(made, ['a', 'b', 'c', 'b']);
    assert.equal(make('a').plain.toString(), 'body of a');
  });
});
