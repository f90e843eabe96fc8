import { useId, type ComponentProps } from 'react';

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  /** Already translated error text. */
  error?: string;
}

/** A labelled text area whose error is tied to it, as TextField does for inputs. */
export function TextAreaField({ label, error, className = '', ...area }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="min-h-24 w-full resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-xs outline-none placeholder:text-zinc-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 aria-invalid:border-rose-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
        {...area}
      />
      {error && (
        <p id={errorId} className="text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
