import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { decodersFor, MAX_CONTENT_CODINGS, readBody, TooManyCodings } from '../../../../engines/net/body.ts';

const MB = 1024 * 1024;

function chunked(buffer: Buffer, size = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < buffer.length; offset += size) chunks.push(buffer.subarray(offset, offset + size));
  return Readable.from(chunks, { objectMode: false });
}

describe('readBody', () => {
  it('reads a body under the cap whole', async () => {
    const { body, truncated } = await readBody(chunked(Buffer.from('hello world')), { maxBytes: 100 });
    assert.equal(body.toString(), 'hello world');
    assert.equal(truncated, false);
  });

  it('keeps exactly the cap and marks truncated; a body of exactly the cap is not truncated', async () => {
    const data = Buffer.alloc(300_000, 'a');
    const over = await readBody(chunked(data, 70_000), { maxBytes: 100_000 });
    assert.equal(over.body.length, 100_000);
    assert.equal(over.truncated, true);
    const exact = await readBody(chunked(data, 70_000), { maxBytes: 300_000 });
    assert.equal(exact.body.length, 300_000);
    assert.equal(exact.truncated, false);
  });

  it('decodes gzip, x-gzip, deflate, br and stacked codings', async () => {
    const text = Buffer.from('<html>'.repeat(1000));
    assert.deepEqual((await readBody(chunked(gzipSync(text)), { contentEncoding: 'gzip', maxBytes: MB })).body, text);
    assert.deepEqual((await readBody(chunked(gzipSync(text)), { contentEncoding: 'X-GZIP', maxBytes: MB })).body, text);
    assert.deepEqual((await readBody(chunked(deflateSync(text)), { contentEncoding: 'deflate', maxBytes: MB })).body, text);
    assert.deepEqual((await readBody(chunked(brotliCompressSync(text)), { contentEncoding: 'br', maxBytes: MB })).body, text);
    assert.deepEqual((await readBody(chunked(brotliCompressSync(gzipSync(text))), { contentEncoding: 'gzip, br', maxBytes: MB })).body, text);
  });

  it(`decodes up to ${MAX_CONTENT_CODINGS} stacked codings and refuses more at once, whatever the body`, async () => {
    const text = Buffer.from('<p>stacked</p>');
    let wire = text;
    for (let index = 0; index < MAX_CONTENT_CODINGS; index++) wire = brotliCompressSync(wire);
    const most = Array(MAX_CONTENT_CODINGS).fill('br').join(', ');
    assert.deepEqual((await readBody(chunked(wire), { contentEncoding: most, maxBytes: MB })).body, text);
    assert.equal(decodersFor(`identity, ${most}, identity`)?.length, MAX_CONTENT_CODINGS);
    // One decompressor per listed coding took 0.5 to 2.6 s for a header like this one.
    const started = performance.now();
    await assert.rejects(
      readBody(chunked(brotliCompressSync(text)), { contentEncoding: Array(5000).fill('br').join(','), maxBytes: MB }),
      (error: unknown) => error instanceof TooManyCodings && error.count === 5000,
    );
    await assert.rejects(readBody(chunked(wire), { contentEncoding: `${most}, gzip`, maxBytes: MB }), TooManyCodings);
    assert.ok(performance.now() - started < 100, `took ${Math.round(performance.now() - started)} ms`);
  });

  it('keeps what arrived of a gzip body cut short', async () => {
    const text = Buffer.from('x'.repeat(50_000));
    const cut = gzipSync(text).subarray(0, -8); // no trailer
    const { body } = await readBody(chunked(cut), { contentEncoding: 'gzip', maxBytes: MB });
    assert.equal(body.toString(), text.toString());
  });

  it('passes an unknown coding through undecoded', async () => {
    const { body } = await readBody(chunked(Buffer.from('zstd-bytes')), { contentEncoding: 'zstd', maxBytes: MB });
    assert.equal(body.toString(), 'zstd-bytes');
    assert.equal(decodersFor('zstd'), null);
    assert.equal(decodersFor('identity')?.length, 0);
  });

  it('stops a gzip bomb (1 GiB from 1 MB) at the cap, without inflating the rest', async () => {
    const member = gzipSync(Buffer.alloc(64 * MB), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 16 }, () => member)); // 16 gzip members = 1 GiB of zeros
    const started = performance.now();
    const { body, truncated } = await readBody(chunked(bomb), { contentEncoding: 'gzip', maxBytes: 3 * MB });
    assert.equal(body.length, 3 * MB);
    assert.equal(truncated, true);
    assert.ok(performance.now() - started < 1000, `took ${performance.now() - started} ms`);
  });

  it('stops a brotli bomb (256 MiB from a few hundred bytes) at the cap', async () => {
    const bomb = brotliCompressSync(Buffer.alloc(256 * MB), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    assert.ok(bomb.length < 1000);
    const { body, truncated } = await readBody(chunked(bomb), { contentEncoding: 'br', maxBytes: 2 * MB });
    assert.equal(body.length, 2 * MB);
    assert.equal(truncated, true);
  });

  it('caps the bytes on the wire too (a compressed body that decodes to little)', async () => {
    const incompressible = Buffer.from(Array.from({ length: 400_000 }, (_, index) => (index * 7919) % 251));
    const wire = gzipSync(incompressible, { level: 0 });
    const { body, truncated } = await readBody(chunked(wire, 50_000), { contentEncoding: 'gzip', maxBytes: 200_000 });
    assert.equal(truncated, true);
    assert.ok(body.length <= 200_000);
  });

  it('fails on a corrupt compressed body', async () => {
    await assert.rejects(readBody(chunked(Buffer.from('definitely not gzip data')), { contentEncoding: 'gzip', maxBytes: MB }));
  });

  it('stops when the signal aborts', async () => {
    const endless = new Readable({
      read() {
        setTimeout(() => this.push(Buffer.alloc(10)), 50);
      },
    });
    await assert.rejects(readBody(endless, { maxBytes: MB, signal: AbortSignal.timeout(200) }), { name: 'AbortError' });
  });
});
