import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PresetPayload } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** `GET /api/presets`: the user's presets, in the server's order. */
export const presetsQueryOptions = queryOptions({
  queryKey: queryKeys.presets,
  queryFn: () => api.call('listPresets'),
});

export function usePresetsQuery() {
  return useQuery(presetsQueryOptions);
}

/** `POST /api/presets {preset}`: creates (no presetId, or null on import) or updates; answers the new list. */
export function useSavePresetMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preset: PresetPayload) => api.call('savePreset', { body: { preset } }),
    onSuccess: (list) => client.setQueryData(queryKeys.presets, list),
  });
}

/** Deletes all of the user's presets (`{arg: {}}`), then refetches the list. */
export function useClearPresetsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('deletePresets', { body: { arg: {} } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.presets }),
  });
}
