import type { OpenedFile } from '../../../engines/store-readiness/discovery.ts';

/** A store file as the discovery readers get it: answered (status null: the connection failed), plain text unless told. */
export const openedFile = (
  text: string,
  {
    status = 200,
    contentType = 'text/plain',
    url = 'https://shop.example/file',
    truncated = false,
  }: { status?: number | null; contentType?: string; url?: string; truncated?: boolean } = {},
): OpenedFile => ({
  url,
  status,
  contentType,
  text,
  truncated,
  failure: status === null ? 'connect' : null,
});
