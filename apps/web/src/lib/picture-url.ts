import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from './http.ts';

/** The server's address of an upload (its owner's only, read with the session's token). */
const isUpload = (url: string) => url.startsWith('/api/uploads/');

/** An upload read once per session, kept as a blob address the page can show (an upload never changes). */
const uploadQuery = (url: string) =>
  queryOptions({
    queryKey: ['uploads', url] as const,
    queryFn: async () => URL.createObjectURL(await (await send('GET', url.slice('/api'.length), { toastErrors: false })).blob()),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * The address an <img> or a background can show for a picture URL of the API: an upload is read
 * with the session's token (the browser would send none for an image) and shown from memory; any
 * other address (a background to choose from) is shown as it is. Undefined while an upload loads.
 */
export function usePictureUrl(url: string | null | undefined): string | undefined {
  const upload = url ? isUpload(url) : false;
  const read = useQuery({ ...uploadQuery(url ?? ''), enabled: upload });
  if (!url) return undefined;
  return upload ? read.data : url;
}
