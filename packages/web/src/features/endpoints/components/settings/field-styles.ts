/** Looks shared by the settings panel's fields. */
export const fieldLabel = 'text-sm font-medium text-zinc-800 dark:text-zinc-200';

export const fieldHint = 'text-xs leading-snug text-zinc-500 dark:text-zinc-400';

export const textControl =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-xs outline-none placeholder:text-zinc-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:disabled:bg-zinc-800';
