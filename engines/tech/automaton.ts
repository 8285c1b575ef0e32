/**
 * Aho-Corasick over a small character-class alphabet: every literal found in one pass, at a cost
 * per character that does not grow with the number of patterns (a V8 alternation of ~200 literals
 * costs ~10x more on HTML). Matching is ASCII case-insensitive, ' and " are one class, and
 * backslashes are skipped so JSON-escaped URLs (https:\/\/host\/path) match plain patterns.
 */

export interface Automaton {
  /** onMatch(pattern index, start offset) for every occurrence of every pattern in text[from, to) */
  scan(text: string, from: number, to: number, onMatch: (pattern: number, start: number) => void): void;
}

const SKIP = 255;
const BACKSLASH = 92;

/** Character classes shared by all automata: 0 = a character no pattern uses. */
function classTable(patterns: readonly string[]): { table: Uint8Array; count: number } {
  const table = new Uint8Array(65536);
  let count = 1;
  const classOf = (code: number) => {
    if (table[code] === 0) table[code] = count++;
    return table[code];
  };
  for (const pattern of patterns) for (const ch of pattern) classOf(ch.charCodeAt(0));
  if (count >= SKIP) throw new Error('too many distinct pattern characters');
  for (let code = 65; code <= 90; code++) table[code] = table[code + 32];
  table['"'.charCodeAt(0)] = table["'".charCodeAt(0)];
  table[BACKSLASH] = SKIP;
  return { table, count };
}

export function buildAutomaton(rawPatterns: readonly string[]): Automaton {
  const patterns = rawPatterns.map((p) => p.toLowerCase().replace(/"/g, "'"));
  for (const pattern of patterns) {
    if (!pattern) throw new Error('empty pattern');
    if (pattern.includes('\\')) throw new Error(`pattern ${pattern} contains a backslash`);
    if (/[^\x20-\x7e]/.test(pattern)) throw new Error(`pattern ${pattern} is not printable ASCII`);
  }
  const { table, count: width } = classTable(patterns);

  // trie
  const children: Map<number, number>[] = [new Map()];
  const terminal: number[][] = [[]];
  patterns.forEach((pattern, index) => {
    let state = 0;
    for (const ch of pattern) {
      const c = table[ch.charCodeAt(0)];
      let next = children[state].get(c);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        terminal.push([]);
        children[state].set(c, next);
      }
      state = next;
    }
    terminal[state].push(index);
  });

  // full transition table by breadth-first failure links
  const states = children.length;
  const delta = new Int32Array(states * width);
  const fail = new Int32Array(states);
  const outputs: (number[] | null)[] = new Array(states).fill(null);
  const queue: number[] = [];
  for (let c = 0; c < width; c++) {
    const next = children[0].get(c);
    delta[c] = next ?? 0;
    if (next !== undefined) queue.push(next);
  }
  for (const s of queue) outputs[s] = terminal[s].length ? [...terminal[s]] : null;
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    for (let c = 0; c < width; c++) {
      const next = children[state].get(c);
      if (next === undefined) {
        delta[state * width + c] = delta[fail[state] * width + c];
        continue;
      }
      delta[state * width + c] = next;
      fail[next] = delta[fail[state] * width + c];
      const own = terminal[next];
      const inherited = outputs[fail[next]];
      outputs[next] = own.length || inherited ? [...own, ...(inherited ?? [])] : null;
      queue.push(next);
    }
  }
  const lengths = patterns.map((p) => p.length);
  // The inner loop is one table read per character: rows are addressed by offset (state * stride),
  // a negative entry marks a target with output, and the backslash column stays in place.
  const stride = width + 1;
  const skipColumn = width;
  const next = new Int32Array(states * stride);
  for (let s = 0; s < states; s++) {
    for (let c = 0; c < width; c++) {
      const target = delta[s * width + c];
      next[s * stride + c] = outputs[target] ? -(target * stride) - 1 : target * stride;
    }
    next[s * stride + skipColumn] = s * stride;
  }
  const column = table.map((c) => (c === SKIP ? skipColumn : c));
  const outputByRow = new Map<number, number[]>();
  for (let s = 0; s < states; s++) if (outputs[s]) outputByRow.set(s * stride, outputs[s]!);

  return {
    scan(text, from, to, onMatch) {
      let row = 0;
      for (let i = from; i < to; i++) {
        row = next[row + column[text.charCodeAt(i)]];
        if (row >= 0) continue;
        row = -row - 1;
        for (const pattern of outputByRow.get(row)!) onMatch(pattern, startOf(text, i, lengths[pattern]));
      }
    },
  };
}

/** Where a match of length characters ending at end starts, skipped backslashes included. */
function startOf(text: string, end: number, length: number): number {
  let start = end;
  let counted = 0;
  for (;;) {
    if (text.charCodeAt(start) !== BACKSLASH) counted++;
    if (counted === length) return start;
    start--;
  }
}
