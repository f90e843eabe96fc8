import type { ReactNode } from 'react';

type Tone = 'error' | 'info';

const tones: Record<Tone, string> = {
  error:
    'border-rose-200 bg-rose-50 text-rose-800 dark:border-rose-900/60 dark:bg-rose-950/40 dark:text-rose-200',
  info: 'border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-200',
};

/** A form-level message; errors are announced to screen readers as they appear. */
export function Alert({ tone = 'error', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2.5 text-sm leading-snug ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
