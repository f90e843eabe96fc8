import type { LucideIcon } from 'lucide-react';

interface PromptCardProps {
  icon: LucideIcon;
  title: string;
  hint?: string;
  onClick: () => void;
  testId?: string;
}

/** A clickable example prompt: its icon, name and one line on what it does. */
export function PromptCard({ icon: Icon, title, hint, onClick, testId }: PromptCardProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="flex h-full w-full items-start gap-3 rounded-xl border border-zinc-200 bg-white px-4 py-3 text-start transition hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/70"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-teal-700 dark:text-teal-400" aria-hidden="true" />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{title}</span>
        {hint && <span className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</span>}
      </span>
    </button>
  );
}
