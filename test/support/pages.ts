import assert from 'node:assert/strict';
import type { CallResult } from './contract.ts';

/**
 * The whole list of a paged answer, for tests about the rest of it: the first answer with its
 * list replaced by every page's items, read by next_offset (`read` sends the same input and
 * caller each time: later pages are replays of the stored answer).
 */
export async function wholeAnswer(list: string, read: (paging: { limit: number; offset?: number }) => Promise<CallResult>, limit = 100): Promise<CallResult> {
  const first = await read({ limit });
  if (first.status !== 200 || !first.body?.page) return first;
  const items = [...first.body[list]];
  for (let offset = first.body.page.next_offset; offset !== null;) {
    const next = await read({ limit, offset });
    assert.equal(next.status, 200, next.text);
    items.push(...next.body[list]);
    offset = next.body.page.next_offset;
  }
  assert.equal(items.length, first.body.page.total, `every item of ${list}`);
  return { ...first, body: { ...first.body, [list]: items } };
}
