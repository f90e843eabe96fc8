import { useQuery } from '@tanstack/react-query';
import type { SpeechConfig } from '@parley/shared';
import { api } from '../../lib/api';

const NONE: SpeechConfig = { sttExternal: false, ttsExternal: false };

/** Whether the server reads aloud and transcribes itself; until it answers (or if it fails), the browser does. */
export function useSpeechConfig(): SpeechConfig {
  const query = useQuery({
    queryKey: ['speechConfig'],
    queryFn: () => api.call('getSpeechConfig'),
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? NONE;
}
