import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useState } from 'react';
import type { FileRecord } from '@parley/shared';

/** Rows per page of both file tables (docs/reference/files.md (My Files and the Files panel)). */
export const FILES_PAGE_SIZE = 10;

const EMPTY: FileRecord[] = [];

/**
 * The headless table behind the Files panel and My Files: client-side sorting, the name filter, paging by 10,
 * and (for My Files) column visibility and row selection keyed by file id, so a selection survives a refetch.
 */
export function useFileTable(
  data: FileRecord[] | undefined,
  // TanStack's column type is invariant in its value type; the columns mix strings and numbers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<FileRecord, any>[],
  { selectable = false }: { selectable?: boolean } = {},
) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // The app builds without the React Compiler, so the table's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    data: data ?? EMPTY,
    columns,
    state: { sorting, columnFilters, columnVisibility, rowSelection },
    initialState: { pagination: { pageIndex: 0, pageSize: FILES_PAGE_SIZE } },
    getRowId: (file) => file.file_id,
    enableRowSelection: selectable,
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onColumnVisibilityChange: setColumnVisibility,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
}
