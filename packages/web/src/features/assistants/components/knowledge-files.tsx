import { FileText, Upload, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { checkFiles, type Assistant } from '@parley/shared';
import { iconButton } from '../../../components/ui/button';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { acceptAttribute } from '../../files/accept-types';
import { useFileConfig } from '../../files/files.api';
import { uploadErrorText, validationErrorText } from '../../files/file-error-text';
import { showToast } from '../../toast/toast.store';
import { useRemoveKnowledgeMutation, useUploadKnowledgeMutation } from '../assistants.api';
import { anyIndexing, knowledgeFiles, knowledgeUpload } from '../knowledge-rules';
import { KnowledgeStatus } from './knowledge-status';

/** While a file is being indexed the list is asked again this often. */
const INDEXING_POLL_MS = 2_000;

/**
 * Knowledge: the assistant's files with how their indexing stands, an upload button (enabled once the assistant is
 * saved with Code Interpreter or Retrieval on) and a remove button per file.
 */
export function KnowledgeFiles({ assistant }: { assistant: Assistant | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const state = knowledgeUpload(assistant);
  const config = useFileConfig();
  const limits = config.endpoints.assistants ?? config.endpoints.default!;
  const upload = useUploadKnowledgeMutation();
  const remove = useRemoveKnowledgeMutation();
  const files = useQuery({
    queryKey: queryKeys.files,
    queryFn: () => api.call('listFiles'),
    enabled: assistant !== null,
    refetchInterval: (query) =>
      assistant && anyIndexing(knowledgeFiles(assistant, query.state.data ?? [])) ? INDEXING_POLL_MS : false,
  });
  const listed = assistant ? knowledgeFiles(assistant, files.data ?? []) : [];

  const send = async (picked: File[]) => {
    if (!assistant) return;
    const { accepted, errors } = checkFiles({ endpoint: 'assistants', limits, files: picked });
    for (const error of errors) showToast({ message: validationErrorText(error, t), severity: 'error' });
    for (const file of picked.filter((f) => accepted.includes(f))) {
      await upload.mutateAsync({ assistantId: assistant.id, file }).catch((error: unknown) => {
        showToast({ message: uploadErrorText(error, t), severity: 'error' });
      });
    }
  };

  const hint =
    state === 'unsaved'
      ? 'com_assistants_knowledge_unsaved'
      : state === 'capability'
        ? 'com_assistants_knowledge_capability'
        : null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('com_assistants_knowledge')}
      </h2>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t(hint ?? 'com_assistants_knowledge_info')}</p>
      {listed.length > 0 && (
        <ul data-testid="knowledge-files" className="flex flex-col gap-1">
          {listed.map((file) => (
            <li
              key={file.file_id}
              data-file-id={file.file_id}
              className="flex items-center gap-2 rounded-lg border border-zinc-200 py-1.5 pe-1 ps-2.5 dark:border-zinc-800"
            >
              <FileText className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm text-zinc-900 dark:text-zinc-100">
                  {file.filename}
                </span>
                <KnowledgeStatus state={file.knowledge} />
              </span>
              <button
                type="button"
                aria-label={t('com_assistants_file_remove', { name: file.filename })}
                title={t('com_assistants_file_remove', { name: file.filename })}
                disabled={remove.isPending}
                onClick={() =>
                  assistant && remove.mutate({ assistantId: assistant.id, fileId: file.file_id })
                }
                className={`${iconButton} size-8! shrink-0`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        disabled={state !== 'ready' || upload.isPending}
        onClick={() => input.current?.click()}
        data-testid="knowledge-upload"
        className="inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-zinc-300 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <Upload className="size-4" aria-hidden="true" />
        {t(upload.isPending ? 'com_assistants_uploading' : 'com_assistants_upload_files')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptAttribute(limits.supportedMimeTypes)}
        data-testid="knowledge-input"
        onChange={(e) => {
          void send([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </section>
  );
}
