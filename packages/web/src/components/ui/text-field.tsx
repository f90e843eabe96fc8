import { useId, type ComponentProps, type ReactNode } from 'react';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Already translated error text. */
  error?: string;
  /** Extra content next to the label (a "Forgot password?" link). */
  labelAside?: ReactNode;
}

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function TextField({ label, error, labelAside, id, className = '', ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  // The aside sits in the label's row but comes after the input in the page, so Tab goes from the field to it
  // ("Forgot password?" after the password).
  return (
    <div className={`grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-2 gap-y-1.5 ${className}`}>
      <label
        htmlFor={inputId}
        className="col-start-1 row-start-1 text-sm font-medium text-zinc-800 dark:text-zinc-200"
      >
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="col-span-2 row-start-2 h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-xs transition outline-none placeholder:text-zinc-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 aria-invalid:border-rose-500 aria-invalid:focus:ring-rose-500/20 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
        {...input}
      />
      {labelAside && <div className="col-start-2 row-start-1">{labelAside}</div>}
      {error && (
        <p id={errorId} className="col-span-2 row-start-3 text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
