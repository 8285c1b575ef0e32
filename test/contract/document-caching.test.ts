import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { startService, type TestService } from '../support/service.ts';
import { rawGet } from '../support/http-call.ts';


describe('documents: gzip, ETag and 304', () => {
  let service: TestService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  for (const path of ['/v1/catalog', '/openapi.json', '/errors', '/llms.txt']) {
    it(`${path}: gzip to a client that accepts it, identical to the plain bytes; 304 on a matching ETag`, async () => {
      const plain = await rawGet(service.url + path);
      const zipped = await rawGet(service.url + path, { 'accept-encoding': 'gzip, br' });
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.ok(zipped.body.length < plain.body.length / 2, `${zipped.body.length} vs ${plain.body.length}`);
      assert.deepEqual(gunzipSync(zipped.body), plain.body);
      assert.equal(zipped.headers.etag, plain.headers.etag);
      assert.match(String(plain.headers.vary), /Accept-Encoding/);
      const again = await rawGet(service.url + path, { 'if-none-match': String(plain.headers.etag) });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });
  }
});
