import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

/**
 * An owner-only file as an object URL. `<img src>` cannot carry the bearer token, so the bytes are fetched with
 * it and shown from a blob; `blob:` and `data:` URLs (local previews) pass through. The blob is cached per path.
 */
export function useFileObjectUrl(path: string | null | undefined): { url: string | null; failed: boolean } {
  const local = !path || path.startsWith('blob:') || path.startsWith('data:');
  const query = useQuery({
    queryKey: queryKeys.fileBlob(path ?? ''),
    queryFn: async () => {
      const res = await api.fetchWithAuth(path as string);
      if (!res.ok) throw new Error(`${res.status}`);
      return res.blob();
    },
    enabled: !local,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  if (local) return { url: path ?? null, failed: false };
  return { url, failed: query.isError };
}
