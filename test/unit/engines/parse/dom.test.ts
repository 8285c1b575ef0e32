import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenBeyond, limitNotes, parseBounded, parseReportOf, treeDepth } from '../../../../engines/parse/dom.ts';

const nested = (levels: number, inner = 'hello <b>world</b>') =>
  `<!doctype html><html><head></head><body>${'<div>'.repeat(levels)}${inner}${'</div>'.repeat(levels)}<p>after</p></body></html>`;

describe('parseBounded', () => {
  it('leaves a page within the limits as linkedom parses it', () => {
    const document = parseBounded(nested(20));
    assert.deepEqual(parseReportOf(document), { elementsCut: false, depthCut: false, depth: 23, flattened: 0 });
    assert.equal(treeDepth(document.documentElement), 23);
    assert.deepEqual(limitNotes(parseReportOf(document)!), []);
  });

  it('flattens what nests below depth 512 into its ancestor there, text in document order', () => {
    const document = parseBounded(nested(2_000));
    const report = parseReportOf(document)!;
    assert.equal(report.depth, 2_003);
    assert.equal(report.flattened, 1_491);
    assert.equal(treeDepth(document.documentElement), 513);
    assert.equal(document.body.textContent, 'hello worldafter');
    assert.match(limitNotes(report).join(' '), /nests elements 2,003 levels deep: the 1,491 below level 512/);
  });

  it('parses 20,000 levels without overflowing a stack: the markup is cut at 2,048 levels', () => {
    const document = parseBounded(nested(20_000));
    const report = parseReportOf(document)!;
    assert.equal(report.depthCut, true);
    assert.ok(treeDepth(document.documentElement) <= 513);
    assert.match(limitNotes(report).join(' '), /more than 2,048 levels deep/);
  });

  it('parses only the first 20,000 elements of a page of empty elements', () => {
    const document = parseBounded(`<html><body>${'<div><span></span></div>'.repeat(50_000)}</body></html>`);
    assert.equal(parseReportOf(document)!.elementsCut, true);
    assert.equal(document.querySelectorAll('*').length, 20_000);
  });
});

describe('flattenBeyond', () => {
  it('moves every node below the limit up to it, emptied, in order', () => {
    const document = parseBounded('<html><body><div><section><p>a<em>b</em></p>c</section></div></body></html>', {
      maxElements: 100,
      maxDepth: 100,
      maxMarkupDepth: 100,
    });
    const result = flattenBeyond(document.documentElement, 4);
    assert.deepEqual(result, { depth: 6, flattened: 2 });
    assert.equal(document.querySelector('section')!.innerHTML, '<p></p>a<em></em>bc');
  });
});
