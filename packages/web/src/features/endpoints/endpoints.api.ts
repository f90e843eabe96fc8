import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS_API, type EndpointsConfig, type ModelsConfig } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** `GET /api/endpoints`: the configured endpoints by name (never stale, spec 1 §9). */
export function useEndpointsQuery() {
  return useQuery({
    queryKey: queryKeys.endpoints,
    queryFn: () => api.request<EndpointsConfig>(ENDPOINTS_API.endpoints),
    staleTime: Infinity,
  });
}

/** `GET /api/models`: model names by endpoint name (never stale). */
export function useModelsQuery() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: () => api.request<ModelsConfig>(ENDPOINTS_API.models),
    staleTime: Infinity,
  });
}

/** Endpoint names in menu order. */
export function orderedEndpoints(config: EndpointsConfig | undefined): string[] {
  if (!config) return [];
  return Object.entries(config)
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name]) => name);
}
