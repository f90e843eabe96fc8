import { FolderOpen, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';
import { iconButton } from '../../../components/ui/button';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useFiles } from '../../files/files.api';
import { NARROW_QUERY } from '../../nav/nav.store';
import { useFilesPanel } from '../../side-panel/hooks/use-files-panel';
import { useAttachFile } from '../hooks/use-attach-file';
import { useFileTable } from '../hooks/use-file-table';
import { FILES_PANEL_TOGGLE_ID, useMyFilesStore } from '../my-files.store';
import { useFileColumns } from './file-columns';
import { FileTable } from './file-table';
import { TableFilter } from './table-filter';
import { TablePagination } from './table-pagination';
import { tableState } from './table-status';

/**
 * The Files panel on the right of the chat (docs/reference/files.md (My Files and the Files panel)): the user's files
 * by Name and Date, a filter, paging and Manage files. A row click attaches the file to the message. In the side panel
 * from 768 px up, over the whole screen on phones. `autoFocus`: the user asked for it, so focus goes to its filter.
 */
export function FilesPanel({ autoFocus = true }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY);
  const { setOpen } = useFilesPanel();
  const showDialog = useMyFilesStore((s) => s.showDialog);
  const files = useFiles();
  const table = useFileTable(files.data, useFileColumns('panel'));
  const attach = useAttachFile();

  const ref = useRef<HTMLElement>(null);

  // Opening the panel is asking for it: focus goes to its filter box.
  useEffect(() => {
    if (autoFocus) ref.current?.querySelector<HTMLElement>('input[type="search"]')?.focus();
    // Only on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => {
    setOpen(false);
    document.getElementById(FILES_PANEL_TOGGLE_ID)?.focus();
  };
  const onRowClick = (file: FileRecord) => {
    // On a phone the panel covers the message box; close it so the attachment is seen.
    if (attach(file) && narrow) setOpen(false);
  };

  return (
    <aside
      ref={ref}
      data-testid="files-panel"
      aria-label={t('com_ui_files_panel')}
      onKeyDown={(e) => {
        // Escape in a filled filter box clears the box first (the browser does that), then closes the panel.
        const clearing = e.target instanceof HTMLInputElement && e.target.value !== '';
        if (e.key === 'Escape' && !e.defaultPrevented && !clearing) close();
      }}
      className="fixed inset-0 z-40 flex flex-col bg-white md:static md:z-auto md:min-h-0 md:w-full md:flex-1 dark:bg-zinc-950"
    >
      {/* From 768 px up the side panel's head names the panel and collapses it. */}
      <div className="flex h-12 shrink-0 items-center gap-2 px-3 md:hidden">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {t('com_ui_files_panel')}
        </h2>
        <button
          type="button"
          aria-label={t('com_ui_files_panel_hide')}
          onClick={close}
          className={iconButton}
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 px-3 pb-3 md:pt-3">
        <TableFilter table={table} />
        <div className="min-h-0 flex-1 overflow-y-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
          <FileTable
            table={table}
            onRowClick={onRowClick}
            state={tableState(files)}
            testId="files-panel-table"
          />
        </div>
        <TablePagination table={table} />
        <button
          type="button"
          data-testid="manage-files"
          onClick={showDialog}
          className="inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-zinc-300 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
        >
          <FolderOpen className="size-4" aria-hidden="true" />
          {t('com_ui_files_manage')}
        </button>
      </div>
    </aside>
  );
}
