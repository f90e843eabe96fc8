import type { Table } from '@tanstack/react-table';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';
import { errorText } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { useDeleteFiles } from '../hooks/use-delete-files';

const base =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50';
const danger = `${base} bg-rose-600 text-white hover:bg-rose-700 focus-visible:outline-rose-600 disabled:hover:bg-rose-600 dark:hover:bg-rose-500`;
const quiet = `${base} border border-zinc-300 text-zinc-800 hover:bg-zinc-50 focus-visible:outline-teal-600 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800`;

/** The selection count and its Delete button, which asks once more before deleting. */
export function DeleteSelected({ table }: { table: Table<FileRecord> }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFiles();
  const selected = table.getFilteredSelectedRowModel().rows.map((row) => row.original);
  const total = table.getFilteredRowModel().rows.length;
  const count = selected.length;

  const confirm = () =>
    remove.mutate(selected, {
      onSuccess: (deleted) => {
        table.resetRowSelection();
        showToast({
          message: t('com_ui_files_delete_success', { count: deleted.length }),
          severity: 'success',
        });
      },
      onError: (error) =>
        showToast({
          message: t('com_ui_files_delete_error', { error: errorText(error) }),
          severity: 'error',
        }),
      onSettled: () => setConfirming(false),
    });

  if (confirming && count > 0) {
    return (
      <div
        role="group"
        className="flex min-w-0 flex-wrap items-center gap-2"
        data-testid="delete-files-confirm"
      >
        <span className="text-sm text-zinc-700 dark:text-zinc-200">
          {t('com_ui_files_delete_confirm', { count })}
        </span>
        <button type="button" className={quiet} autoFocus onClick={() => setConfirming(false)}>
          {t('com_ui_files_cancel')}
        </button>
        <button type="button" className={danger} disabled={remove.isPending} onClick={confirm}>
          {remove.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          {t('com_ui_files_delete')}
        </button>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <button
        type="button"
        data-testid="delete-files"
        className={danger}
        disabled={count === 0}
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t('com_ui_files_delete')}
      </button>
      <span
        data-testid="files-selected"
        className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400"
      >
        {t('com_ui_files_selected', { count, total })}
      </span>
    </div>
  );
}
