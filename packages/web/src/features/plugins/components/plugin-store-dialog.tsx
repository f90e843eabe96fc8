import { use, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PluginListEntry } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { pluginTexts } from '../plugin-texts';
import {
  clampPage,
  filterPlugins,
  isPhoneWidth,
  pageCount,
  pageItems,
  pluginColumns,
  pluginsPerPage,
} from '../plugin-paging';
import { usePluginStore } from '../plugin-store.store';
import { useInstalledKeys, usePluginsQuery } from '../plugins.api';
import { useWindowWidth } from '../use-window-width';
import { PluginAuthForm } from './plugin-auth-form';
import { PluginGrid } from './plugin-grid';
import { PluginPager } from './plugin-pager';
import { usePluginActions } from './use-plugin-actions';

// Grid columns by the rule's column count; a phone fits one or two columns of its 8 cards.
const GRID_COLUMNS: Record<number, string> = {
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
};
const PHONE_GRID = 'grid-cols-1 min-[360px]:grid-cols-2';

/**
 * The plugin store (docs/reference/tools.md (The plugin store)): search, a two-row grid paged by the window's width,
 * install and uninstall, and the credentials form for a plugin that needs them.
 */
export function PluginStoreDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(pluginTexts);
  const { t } = useTranslation();
  const open = usePluginStore((s) => s.open);
  const close = usePluginStore((s) => s.close);
  const { data: plugins, isPending, isError, refetch } = usePluginsQuery();
  const installed = useInstalledKeys();
  const width = useWindowWidth();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const search = useRef<HTMLInputElement>(null);
  const actions = usePluginActions();

  const matches = filterPlugins(plugins ?? [], query);
  const perPage = pluginsPerPage(width);
  const pages = pageCount(matches.length, perPage);
  // A narrower window or a shorter list may leave the page past the end: show the last one instead.
  const current = clampPage(page, pages);
  const shown = pageItems(matches, current, perPage);
  const phone = isPhoneWidth(width);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    close();
    // The next opening starts afresh: first page, no search, no form or banner left over.
    setQuery('');
    setPage(1);
    actions.reset();
  };

  const body = () => {
    if (actions.authFor) {
      return (
        <PluginAuthForm
          plugin={actions.authFor}
          busy={actions.busy?.action === 'install'}
          onSubmit={(auth) => actions.install(actions.authFor!, auth)}
          onCancel={actions.cancelAuth}
        />
      );
    }
    if (isPending) return <Spinner />;
    if (isError) {
      return (
        <div className="flex flex-col items-center gap-3 py-6 text-sm">
          <p>{t('com_nav_plugin_load_error')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('com_ui_plugins_retry')}
          </Button>
        </div>
      );
    }
    return (
      <>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
          />
          <input
            ref={search}
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              // A new search starts from its first page.
              setPage(1);
            }}
            placeholder={t('com_nav_plugin_search')}
            aria-label={t('com_nav_plugin_search')}
            data-testid="plugin-search"
            className="h-10 w-full rounded-lg border border-zinc-300 bg-white pe-3 ps-9 text-base text-zinc-900 shadow-xs outline-none placeholder:text-zinc-500 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
          />
        </div>
        {shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-300">
            {query.trim()
              ? t('com_nav_plugin_none_found', { query: query.trim() })
              : t('com_nav_plugin_empty')}
          </p>
        ) : (
          <PluginGrid
            plugins={shown}
            installed={installed}
            busy={actions.busy}
            columnsClass={phone ? PHONE_GRID : GRID_COLUMNS[pluginColumns(width)]!}
            perPage={perPage}
            onInstall={(plugin: PluginListEntry) => actions.startInstall(plugin)}
            onUninstall={(plugin: PluginListEntry) => actions.uninstall(plugin)}
          />
        )}
        <PluginPager page={current} pages={pages} onPage={setPage} />
      </>
    );
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_nav_plugin_store')}
      description={t('com_nav_plugin_store_intro')}
      // On a phone the store takes the whole height and scrolls inside; elsewhere it is as tall as its page.
      widthClass="max-w-5xl max-[500px]:h-[calc(100dvh-2rem)]"
      testId="plugin-store-dialog"
      onOpenAutoFocus={(e) => {
        // On a phone the close button keeps focus, so the keyboard does not cover the store on opening.
        if (phone) return;
        e.preventDefault();
        search.current?.focus();
      }}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-5">
        {actions.error && (
          <div data-testid="plugin-error">
            <Alert>{actions.error}</Alert>
          </div>
        )}
        {body()}
      </div>
    </DialogFrame>
  );
}
