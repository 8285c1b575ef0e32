/**
 * Cutting Markdown to a length at a block boundary: whole paragraphs, lists, tables and code
 * blocks (a fenced block counts as one block, blank lines inside it included). Only when the
 * first block alone is too long is it cut inside, at its last line break (else space) that fits.
 */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (current.length) blocks.push(current.join('\n'));
    current = [];
  };
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      current.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (marker) fence = marker;
    if (!line.trim() && !fence) flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

export function truncateAtBlock(markdown: string, maxChars: number): { markdown: string; truncated: boolean } {
  if (markdown.length <= maxChars) return { markdown, truncated: false };
  const kept: string[] = [];
  let length = 0;
  for (const block of splitBlocks(markdown)) {
    const added = (kept.length ? 2 : 0) + block.length;
    if (length + added > maxChars) break;
    kept.push(block);
    length += added;
  }
  if (kept.length) return { markdown: kept.join('\n\n'), truncated: true };
  const head = markdown.slice(0, maxChars);
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  return { markdown: (cut > 0 ? head.slice(0, cut) : head).trimEnd(), truncated: true };
}

/** About one token per four characters of the returned Markdown (the usual English BPE ratio). */
export const estimateTokens = (markdown: string) => Math.ceil(markdown.length / 4);
