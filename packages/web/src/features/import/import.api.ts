import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isImportSettled, type ImportJob, type ImportStarted } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** How often a running import is asked about. */
export const IMPORT_POLL_MS = 1_000;

/** Sends an export file (docs/reference/import.md (Importing conversations)); answers the job to follow. */
export function startImport(file: File): Promise<ImportStarted> {
  const form = new FormData();
  form.append('file', file, encodeURIComponent(file.name));
  return api.call('importConversations', {}, { form });
}

/**
 * Follows a job until it is settled; when it completes, the conversation list is fetched again so the sidebar shows
 * what was imported.
 */
export function useImportJob(jobId: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['import-job', jobId],
    queryFn: () => api.call('getImportJob', { params: { jobId: jobId! } }),
    enabled: jobId !== null,
    refetchInterval: (q) => {
      const data = q.state.data as ImportJob | undefined;
      return data && isImportSettled(data.status) ? false : IMPORT_POLL_MS;
    },
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'completed') void client.invalidateQueries({ queryKey: queryKeys.conversations });
  }, [status, client]);
  return query;
}
