/** Shared look of the top bar's menus and popovers (Radix content and items). */
export const menuPanel =
  'z-50 rounded-xl border border-zinc-200 bg-white p-1.5 text-sm text-zinc-900 shadow-lg shadow-zinc-900/10 outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:shadow-black/40';

export const menuItem =
  'flex w-full cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-start outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-zinc-100 data-[state=open]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800 dark:data-[state=open]:bg-zinc-800';

export const menuLabel = 'px-2.5 pt-1.5 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400';

/** The top bar's trigger buttons: quiet until hovered, highlighted while their menu is open. */
export const barButton =
  'inline-flex h-9 shrink-0 items-center gap-2 rounded-lg px-2 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 data-[state=open]:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:data-[state=open]:bg-zinc-800';

export const barIconButton = `${barButton} w-9 justify-center px-0 text-zinc-600 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-50`;
