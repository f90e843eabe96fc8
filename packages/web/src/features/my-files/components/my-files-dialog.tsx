import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { useFiles } from '../../files/files.api';
import { useMyFilesStore } from '../my-files.store';
import { useFileTable } from '../hooks/use-file-table';
import { ColumnVisibilityMenu } from './column-visibility-menu';
import { DeleteSelected } from './delete-selected';
import { useFileColumns } from './file-columns';
import { FileTable } from './file-table';
import { StorageUsageLine } from './storage-usage-line';
import { TableFilter } from './table-filter';
import { TablePagination } from './table-pagination';
import { tableState } from './table-status';

/**
 * My Files (docs/reference/files.md (My Files and the Files panel)): the user's files with filter, sorting, column
 * visibility, selection, deletion and paging.
 */
export function MyFilesDialog() {
  const { t } = useTranslation();
  const open = useMyFilesStore((s) => s.dialogOpen);
  const close = useMyFilesStore((s) => s.closeDialog);
  const files = useFiles(open);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const table = useFileTable(files.data, useFileColumns('dialog'), { selectable: true });

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        // Escape with the columns list open closes the list, not the dialog.
        if (columnsOpen) setColumnsOpen(false);
        else close();
      }}
      title={t('com_nav_my_files')}
      widthClass="max-w-4xl"
      testId="my-files-dialog"
      onOpenAutoFocus={(e) => {
        // Start in the filter box: the first thing a user with many files reaches for.
        e.preventDefault();
        (e.currentTarget as HTMLElement).querySelector<HTMLElement>('input[type="search"]')?.focus();
      }}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 px-5 py-4 max-sm:px-3">
        <div className="flex items-center gap-2">
          <TableFilter table={table} className="flex-1 sm:max-w-xs" />
          <div className="ms-auto">
            <ColumnVisibilityMenu table={table} open={columnsOpen} setOpen={setColumnsOpen} />
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
          <FileTable table={table} state={tableState(files)} testId="my-files-table" />
        </div>
        <TablePagination table={table}>
          <DeleteSelected table={table} />
        </TablePagination>
        <StorageUsageLine enabled={open} />
      </div>
    </DialogFrame>
  );
}
