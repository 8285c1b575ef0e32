/**
 * The text block of an MCP tool result. The result itself is in structuredContent; MCP asks a
 * tool that returns structured content to also return it serialized in a text block "for
 * backwards compatibility" (a SHOULD), which doubles every answer. Up to FULL_TEXT_MAX_BYTES the
 * text is that JSON; a larger result (a board of 1,000 jobs is some 175 KB) gets a short summary
 * instead: its scalar fields and the length of each list, and where the whole result is.
 */
export const FULL_TEXT_MAX_BYTES = 16_384;
const SUMMARY_VALUE_MAX_CHARS = 120;

function summarizeValue(value: unknown): string | null {
  if (Array.isArray(value)) return `${value.length} items`;
  if (value !== null && typeof value === 'object') return null;
  const json = JSON.stringify(value);
  return json.length > SUMMARY_VALUE_MAX_CHARS ? `${json.slice(0, SUMMARY_VALUE_MAX_CHARS)}…"` : json;
}

export function toolResultText(body: unknown): string {
  const json = JSON.stringify(body);
  const bytes = Buffer.byteLength(json);
  if (bytes <= FULL_TEXT_MAX_BYTES || body === null || typeof body !== 'object' || Array.isArray(body)) return json;
  const fields = Object.entries(body).flatMap(([name, value]) => {
    const summary = summarizeValue(value);
    return summary === null ? [] : [`${name}: ${summary}`];
  });
  return `The whole result (${Math.round(bytes / 1024)} KB of JSON) is in structuredContent. In short: ${fields.join('; ')}.`;
}
