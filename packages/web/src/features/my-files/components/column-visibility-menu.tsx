import type { Table } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';

/**
 * Shows or hides the optional columns (Date, Size, Type); Name and the selection always stay. A disclosure of
 * plain checkboxes rather than a menu library: it keeps the dialog's code small and each box is a real control.
 * Escape (through the dialog, which owns the open state) or a click outside closes it.
 */
export function ColumnVisibilityMenu({
  table,
  open,
  setOpen,
}: {
  table: Table<FileRecord>;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());

  // Closing with the keyboard (Escape, handled by the dialog) drops focus with the list: give it to the button.
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (closed && !root.current?.ownerDocument.activeElement?.closest('input, button, a, textarea')) {
      trigger.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, setOpen]);

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        data-testid="files-columns"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="inline-flex h-9 shrink-0 items-center gap-2 rounded-lg border border-zinc-300 px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 aria-expanded:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:aria-expanded:bg-zinc-800"
      >
        <Columns3 className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('com_ui_files_columns')}</span>
      </button>
      {open && (
        <fieldset
          id={id}
          className="absolute top-full end-0 z-10 mt-1.5 min-w-40 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <legend className="sr-only">{t('com_ui_files_columns')}</legend>
          {columns.map((column) => (
            <label
              key={column.id}
              className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm text-zinc-800 select-none hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800"
            >
              <input
                type="checkbox"
                checked={column.getIsVisible()}
                onChange={(e) => column.toggleVisibility(e.target.checked)}
                className="size-4 accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:accent-teal-500"
              />
              {t(column.columnDef.meta?.label ?? '')}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
