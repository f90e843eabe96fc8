import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/**
 * `GET /api/endpoints`: the configured endpoints by name (never stale,
 * docs/reference/endpoints-and-models.md (Endpoint list and models)).
 */
export const endpointsQueryOptions = queryOptions({
  queryKey: queryKeys.endpoints,
  queryFn: () => api.call('listEndpoints'),
  staleTime: Infinity,
});

/** `GET /api/models`: model names by endpoint name (never stale). */
export const modelsQueryOptions = queryOptions({
  queryKey: queryKeys.models,
  queryFn: () => api.call('listModels'),
  staleTime: Infinity,
});

export function useEndpointsQuery() {
  return useQuery(endpointsQueryOptions);
}

export function useModelsQuery() {
  return useQuery(modelsQueryOptions);
}

// Menu order is pure logic (unit-tested there); callers know it by this module.
export { orderedEndpoints } from './endpoint-setup';
