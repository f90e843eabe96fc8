import type { ReactNode } from 'react';

interface PlaceholderPageProps {
  title: string;
  body: string;
  children?: ReactNode;
  testId?: string;
}

/** A page whose real content comes with a later feature: a heading and one line about what will be here. */
export function PlaceholderPage({ title, body, children, testId }: PlaceholderPageProps) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-3 px-5 py-16 text-center sm:py-24">
      <h1
        data-testid={testId}
        className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50"
      >
        {title}
      </h1>
      <p className="text-zinc-600 dark:text-zinc-400">{body}</p>
      {children}
    </section>
  );
}
