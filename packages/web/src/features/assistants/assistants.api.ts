import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assistant, CreateAssistantInput, UpdateAssistantInput, UploadResponse } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

// The builder's calls (docs/reference/assistants.md (Tools)): the user's assistants, what Parley keeps beside them,
// the plugins they may use, and the changes the builder makes.

export const assistantKeys = {
  all: ['assistants'] as const,
  list: ['assistants', 'list'] as const,
  documents: ['assistants', 'documents'] as const,
  tools: ['assistants', 'tools'] as const,
};

/** The most list pages read in one go (100 each): a user with more is shown the newest 2,000. */
const MAX_PAGES = 20;

/** `GET /api/assistants`, page after page: every assistant of the user, newest first. */
export async function listAllAssistants(): Promise<Assistant[]> {
  const all: Assistant[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await api.call('listAssistants', { query: { limit: 100, order: 'desc', after } });
    all.push(...answer.data);
    if (!answer.has_more || !answer.last_id) break;
    after = answer.last_id;
  }
  return all;
}

export const assistantsQueryOptions = queryOptions({
  queryKey: assistantKeys.list,
  queryFn: listAllAssistants,
});

export function useAssistantsQuery(enabled = true) {
  return useQuery({ ...assistantsQueryOptions, enabled });
}

/** `GET /api/assistants/tools`: the plugins an assistant may be given. */
export function useAssistantToolsQuery(enabled = true) {
  return useQuery({
    queryKey: assistantKeys.tools,
    queryFn: () => api.call('listAssistantTools'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Puts a changed or new assistant into the cached list (a new one first), without a refetch. */
function storeAssistant(client: ReturnType<typeof useQueryClient>, assistant: Assistant) {
  client.setQueryData<Assistant[]>(assistantKeys.list, (list = []) =>
    list.some((a) => a.id === assistant.id)
      ? list.map((a) => (a.id === assistant.id ? assistant : a))
      : [assistant, ...list],
  );
}

export function useCreateAssistantMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssistantInput) => api.call('createAssistant', { body }),
    onSuccess: (assistant) => storeAssistant(client, assistant),
  });
}

export function useUpdateAssistantMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAssistantInput }) =>
      api.call('updateAssistant', { params: { id }, body }),
    onSuccess: (assistant) => storeAssistant(client, assistant),
  });
}

export function useDeleteAssistantMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('deleteAssistant', { params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueryData<Assistant[]>(assistantKeys.list, (list = []) => list.filter((a) => a.id !== id));
      // Its avatar and knowledge files went with it.
      void client.invalidateQueries({ queryKey: queryKeys.files });
      void client.invalidateQueries({ queryKey: assistantKeys.documents });
    },
  });
}

/** `POST /api/assistants/avatar/:assistant_id`: answers the assistant, whose `metadata.avatar` is the new picture. */
export function useUploadAvatarMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, file }: { assistantId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, encodeURIComponent(file.name));
      return api.call('uploadAssistantAvatar', { params: { assistant_id: assistantId } }, { form });
    },
    onSuccess: (assistant) => storeAssistant(client, assistant),
  });
}

/**
 * A knowledge file (docs/reference/files.md (Uploading)): `POST /api/files` for the assistants endpoint, tied to the
 * assistant and not to a message. The server indexes it in the background; the files list says how far it got.
 */
export function uploadKnowledgeFile(assistantId: string, file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file_id', crypto.randomUUID());
  form.append('endpoint', 'assistants');
  form.append('assistant_id', assistantId);
  form.append('message_file', 'false');
  form.append('file', file, encodeURIComponent(file.name));
  return api.call('uploadFile', {}, { form });
}

export function useUploadKnowledgeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, file }: { assistantId: string; file: File }) =>
      uploadKnowledgeFile(assistantId, file),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.files }),
        client.invalidateQueries({ queryKey: assistantKeys.list }),
      ]),
  });
}

/** Takes a knowledge file from the assistant and deletes it (`DELETE /api/files` with the assistant's id). */
export function useRemoveKnowledgeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, fileId }: { assistantId: string; fileId: string }) =>
      api.call('deleteFiles', { body: { files: [{ file_id: fileId }], assistant_id: assistantId } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.files }),
        client.invalidateQueries({ queryKey: assistantKeys.list }),
      ]),
  });
}
