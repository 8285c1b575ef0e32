/** A percent-encoded part of a URL (a path segment, a mailto recipient) decoded; as written when its encoding is broken. */
export function decodeUriPart(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
