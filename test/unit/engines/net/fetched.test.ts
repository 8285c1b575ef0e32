/**
 * #30: fetched content is sealed. Its bytes are an ES private field: no property, JSON, clone or
 * spread shows them; the only opener (unsealFetched) is imported by the parse tasks' opener
 * (engines/parse/open.ts, which the task registry alone imports) and the pool's hand-over to a
 * worker (server/parse-pool/wire.ts) and to the sandboxed browser (server/render/renderer.ts), the registry's code is run by the parse pool alone, and the
 * escape hatch for sniffs (peekFetched) reads a couple of KB at most. This is the grep of the
 * issue's "Done when": code on the main thread that reads fetched text would have to import one
 * of them, and this test lists who does.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serviceSources } from '../../../support/service-sources.ts';
import { Fetched, PEEK_MAX_BYTES, peekFetched, unsealFetched } from '../../../../engines/net/fetched.ts';

const SERVICE = serviceSources();

describe('sealed fetched content', () => {
  it('shows its size and type, never its bytes', () => {
    const secret = 'write to sales@secret.example';
    const content = new Fetched(Buffer.from(secret), { contentType: 'text/plain', truncated: true });
    assert.deepEqual([content.size, content.contentType, content.truncated], [secret.length, 'text/plain', true]);
    assert.ok(!JSON.stringify(content).includes('secret'));
    assert.ok(!JSON.stringify({ ...content }).includes('secret'));
    assert.deepEqual(Object.keys(structuredClone(content)).sort(), ['contentType', 'size', 'truncated']);
    assert.equal(Buffer.from(unsealFetched(content)).toString(), secret);
  });

  it('peekFetched reads the first bytes only, at most PEEK_MAX_BYTES', () => {
    const content = new Fetched(Buffer.from(`<html>${'x'.repeat(10_000)}`));
    assert.equal(peekFetched(content, 6), '<html>');
    assert.throws(() => peekFetched(content, PEEK_MAX_BYTES + 1), RangeError);
  });

  it('is opened only by the parse tasks, which the parse pool alone runs (and by the hand-overs to a worker and to the sandboxed browser)', () => {
    const openers = SERVICE.filter((path) => /\bunsealFetched\b/.test(readFileSync(path, 'utf8'))).sort();
    assert.deepEqual(openers, ['engines/net/fetched.ts', 'engines/parse/open.ts', 'server/parse-pool/wire.ts', 'server/render/renderer.ts']);
    const readers = SERVICE.filter((path) => /from '[./]*(?:engines\/)?parse\/open\.ts'|from '\.\/open\.ts'/.test(readFileSync(path, 'utf8'))).sort();
    assert.deepEqual(readers, ['engines/parse/tasks.ts']);
    // Engines type their analyses by the registry; only the pool's worker and the in-thread runner load its code.
    const runners = SERVICE.filter((path) => /^import (?!type )[^;]*from '[./]*(?:(?:engines\/)?parse\/)?tasks\.ts'/m.test(readFileSync(path, 'utf8'))).sort();
    assert.deepEqual(runners, ['server/parse-pool/inline.ts', 'server/parse-pool/worker.ts']);
  });

  it('is sniffed on the main thread only through peekFetched, each call with a bound of its own', () => {
    const peeks = SERVICE.flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/peekFetched\(([^)]*)\)/g)].map((match) => `${path}: ${match[1]}`)).filter(
      (use) => !use.startsWith('engines/net/fetched.ts'),
    );
    assert.ok(peeks.length > 0);
    for (const use of peeks) assert.match(use, /, \d[\d_]*$/, use);
  });
});
