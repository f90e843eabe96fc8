import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryClient, queryKeys } from '../../../lib/query-client';

// An object URL lives as long as its cache entry: revoked when the entry is garbage-collected (5 min unused).
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'removed' || event.query.queryKey[0] !== queryKeys.fileBlob('')[0]) return;
  const url = event.query.state.data;
  if (typeof url === 'string') URL.revokeObjectURL(url);
});

/**
 * An owner-only file as an object URL. `<img src>` cannot carry the bearer token, so the bytes are fetched with
 * it and shown from a blob; `blob:` and `data:` URLs (local previews) pass through. One URL per path, cached.
 */
export function useFileObjectUrl(path: string | null | undefined): { url: string | null; failed: boolean } {
  const local = !path || path.startsWith('blob:') || path.startsWith('data:');
  const query = useQuery({
    queryKey: queryKeys.fileBlob(path ?? ''),
    queryFn: async () => {
      const res = await api.fetchWithAuth(path as string);
      if (!res.ok) throw new Error(`${res.status}`);
      return URL.createObjectURL(await res.blob());
    },
    enabled: !local,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  if (local) return { url: path ?? null, failed: false };
  return { url: query.data ?? null, failed: query.isError };
}
