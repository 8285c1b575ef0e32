/**
 * The words of our Markdown without its syntax: link text without the URL, no images, no fence
 * lines. What the corpora score (their ground truth is plain text) and what decides that a page
 * had no content at all.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^(`{3,}|~{3,}).*$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[((?:\\.|[^\]\\])*)\]\((?:[^()\s]|\([^)]*\))*(?:\s+"(?:\\.|[^"\\])*")?\)/g, '$1')
    .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*$/gm, '')
    .replace(/^(\s*)\d+\.\s/gm, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1');
}
