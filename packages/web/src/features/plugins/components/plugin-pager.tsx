import { useEffect, useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface PluginPagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

const step =
  'inline-flex size-9 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-200 dark:hover:bg-zinc-800';

/**
 * Previous, the page numbers and next: all buttons in the tab order, the current one marked with aria-current
 * (docs/reference/tools.md (The plugin store)). Nothing shows when there is a single page.
 */
export function PluginPager({ page, pages, onPage }: PluginPagerProps) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  // Previous or next pressed to the first or last page turns itself off, which would drop the focus out of the
  // dialog: it goes to the page's number instead.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    nav.current?.querySelector<HTMLButtonElement>('[aria-current="page"]')?.focus();
  }, [page]);
  const stepTo = (next: number) => {
    refocus.current = next === 1 || next === pages;
    onPage(next);
  };
  if (pages <= 1) return null;
  return (
    <nav ref={nav} aria-label={t('com_ui_plugins_pages')} className="flex items-center justify-center gap-1">
      <button
        type="button"
        className={step}
        disabled={page <= 1}
        onClick={() => stepTo(page - 1)}
        aria-label={t('com_ui_plugins_previous')}
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          data-testid="plugin-page"
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('com_ui_plugins_page', { page: n })}
          onClick={() => onPage(n)}
          className={`${step} text-sm tabular-nums aria-[current=page]:bg-teal-700 aria-[current=page]:font-semibold aria-[current=page]:text-white aria-[current=page]:hover:bg-teal-800`}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={step}
        disabled={page >= pages}
        onClick={() => stepTo(page + 1)}
        aria-label={t('com_ui_plugins_next')}
      >
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
