import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cutMarkup, PARSE_LIMITS } from '../../../../engines/parse/limits.ts';

const limits = (maxElements: number, maxMarkupDepth: number) => ({ maxElements, maxMarkupDepth });

describe('cutMarkup', () => {
  it('keeps a page within the limits whole and counts its start tags', () => {
    const html = '<html><head><title>a <b>b</b></title></head><body><p>x</p><img src=a><br/></body></html>';
    assert.deepEqual(cutMarkup(html), { html, elements: 7, cut: null });
  });

  it('cuts before the first start tag past maxElements', () => {
    const html = `<body>${'<p>x</p>'.repeat(10)}</body>`;
    const { html: kept, elements, cut } = cutMarkup(html, limits(5, 100));
    assert.equal(cut, 'elements');
    assert.equal(elements, 6);
    assert.equal(kept, `<body>${'<p>x</p>'.repeat(4)}`);
  });

  it('does not count tags inside comments, scripts, styles, textareas and titles', () => {
    const html = `<body><!-- <div><div> --><script>"<div><div><div>"</script><style>/* <p> */</style><textarea><b></textarea><p>x</p></body>`;
    assert.deepEqual(cutMarkup(html, limits(5, 100)), { html, elements: 5, cut: null });
  });

  it('cuts before a start tag nested deeper than maxMarkupDepth', () => {
    const html = `<body>${'<div>'.repeat(10)}deep${'</div>'.repeat(10)}</body>`;
    const { html: kept, cut } = cutMarkup(html, limits(1000, 5));
    assert.equal(cut, 'depth');
    assert.equal(kept, `<body>${'<div>'.repeat(4)}`);
  });

  it('does not let void elements, self-closed tags, end tags or implied ends add depth', () => {
    const sloppy = `<body><ul>${'<li><p>item<br><img src=x><svg><path d=""/></svg>'.repeat(500)}</ul><table>${'<tr><td>a<td>b'.repeat(500)}</table>${'<div><span>x</div>'.repeat(500)}</body>`;
    assert.equal(cutMarkup(sloppy, limits(100_000, 8)).cut, null);
  });

  it('defaults to 20,000 elements and 2,048 levels of markup', () => {
    assert.deepEqual({ ...PARSE_LIMITS }, { maxElements: 20_000, maxDepth: 512, maxMarkupDepth: 2_048 });
    assert.equal(cutMarkup(`<body>${'<div>'.repeat(3_000)}</body>`).cut, 'depth');
    assert.equal(cutMarkup(`<body>${'<i></i>'.repeat(20_001)}</body>`).cut, 'elements');
  });
});
