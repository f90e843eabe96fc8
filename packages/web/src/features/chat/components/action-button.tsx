import type { ComponentProps } from 'react';

interface ActionButtonProps extends ComponentProps<'button'> {
  /** The accessible name, also shown as the tooltip unless `tooltip` says otherwise. */
  label: string;
  tooltip?: string;
}

/**
 * A small icon button under a message with a visible tooltip on hover and keyboard focus. The tooltip is
 * aria-hidden: the button's name is `label`, so a changing tooltip ("Copied!") never renames the button.
 */
export function ActionButton({
  label,
  tooltip = label,
  children,
  className = '',
  ...props
}: ActionButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      className={`group/btn relative inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:pointer-events-none disabled:opacity-40 pointer-coarse:size-10 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 ${className}`}
      {...props}
    >
      {children}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-1.5 -translate-x-1/2 rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-md transition-opacity group-hover/btn:opacity-100 group-hover/btn:delay-300 group-focus-visible/btn:opacity-100 motion-reduce:transition-none dark:bg-zinc-100 dark:text-zinc-900"
      >
        {tooltip}
      </span>
    </button>
  );
}
