import type { ComponentProps } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

const variants: Record<Variant, string> = {
  primary:
    // One teal in both themes: white on teal-600 is 3.66:1, under the 4.5:1 text needs (on teal-700, 5.4:1).
    'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/60',
  secondary:
    'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  ghost: 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
};

export const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed';

interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} className={`${buttonBase} h-11 px-4 ${variants[variant]} ${className}`} {...props} />
  );
}

export function buttonClass(variant: Variant = 'primary'): string {
  return `${buttonBase} h-11 px-4 ${variants[variant]}`;
}

/** A square, icon-only button; give it an aria-label. */
export const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50';
