import { useTranslation } from 'react-i18next';
import type { KnowledgeState } from '@parley/shared';

/** How a knowledge file's indexing stands: indexing, ready, or why it failed. Nothing for a file with no state. */
export function KnowledgeStatus({ state }: { state: KnowledgeState | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  const tone =
    state.status === 'error'
      ? 'text-rose-700 dark:text-rose-400'
      : state.status === 'ready'
        ? 'text-teal-700 dark:text-teal-400'
        : 'text-amber-700 dark:text-amber-400';
  const text =
    state.status === 'error'
      ? state.error
        ? t('com_assistants_file_error', { error: state.error })
        : t('com_assistants_file_error_unknown')
      : t(state.status === 'ready' ? 'com_assistants_file_ready' : 'com_assistants_file_indexing');
  return (
    <span data-status={state.status} className={`block truncate text-xs ${tone}`} title={text}>
      {state.status === 'indexing' && (
        <span
          aria-hidden="true"
          className="me-1 inline-block size-1.5 animate-pulse rounded-full bg-current align-middle"
        />
      )}
      {text}
    </span>
  );
}
