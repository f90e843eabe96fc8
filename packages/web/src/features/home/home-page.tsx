import * as Tabs from '@radix-ui/react-tabs';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CircleHelp, Home, MessageSquarePlus, Palette } from 'lucide-react';
import { Logo } from '../../components/ui/logo';
import { useMediaQuery } from '../../lib/use-media-query';
import { useStartupConfig } from '../config/config.api';
import { useDocumentTitle } from '../config/use-document-title';
import { DrawTab } from './components/draw-tab';
import { HomeTabContent } from './components/home-tab';
import { homeTabOf, type HomeTab } from './home-content';
import { homeTexts } from './home-texts';

const TAB_CLASS =
  'flex min-w-0 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm whitespace-nowrap text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 data-[state=active]:bg-zinc-200/70 data-[state=active]:font-medium data-[state=active]:text-zinc-900 md:justify-start dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50 dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-zinc-50';
const SIDE_LINK =
  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50';

/**
 * /home (docs/reference/home-and-help.md (Home)): a side bar with two tabs, Home and Draw, the tab in the address
 * (`?tab=draw`) so a link can open either. Home has the landing header, the four example prompts and the prompt
 * library's categories; Draw the drawing prompts. Readable signed out: a prompt then leads to sign-in first.
 */
export function HomePage() {
  use(homeTexts);
  const { t } = useTranslation();
  useDocumentTitle(t('com_ui_home_title'));
  const { config } = useStartupConfig();
  const [params, setParams] = useSearchParams();
  const tab = homeTabOf(params.get('tab'));
  const wide = useMediaQuery('(min-width: 768px)');
  const appTitle = config.appTitle.trim() || t('com_ui_chat_app_title_fallback');
  const select = (value: string) =>
    setParams(value === 'home' ? {} : { tab: value }, { replace: true, preventScrollReset: true });

  return (
    <Tabs.Root
      value={tab}
      onValueChange={select}
      orientation={wide ? 'vertical' : 'horizontal'}
      className="flex min-h-dvh flex-col bg-zinc-50 md:flex-row dark:bg-zinc-950"
      data-testid="home-page"
    >
      <aside className="flex shrink-0 flex-col gap-3 border-b border-zinc-200 bg-white px-3 py-3 md:sticky md:top-0 md:h-dvh md:w-60 md:border-e md:border-b-0 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex items-center gap-2 px-2">
          <Logo className="size-7" />
          <span className="truncate font-semibold text-zinc-900 dark:text-zinc-50">{appTitle}</span>
        </div>
        <Tabs.List
          aria-label={t('com_home_tabs_label')}
          className="grid grid-cols-2 gap-1 md:flex md:flex-col"
        >
          <Tabs.Trigger value={'home' satisfies HomeTab} className={TAB_CLASS} data-testid="home-tab-home">
            <Home className="size-4 shrink-0" aria-hidden="true" />
            {t('com_home_tab_home')}
          </Tabs.Trigger>
          <Tabs.Trigger value={'draw' satisfies HomeTab} className={TAB_CLASS} data-testid="home-tab-draw">
            <Palette className="size-4 shrink-0" aria-hidden="true" />
            {t('com_home_tab_draw')}
          </Tabs.Trigger>
        </Tabs.List>
        <nav aria-label={t('com_home_links_label')} className="hidden flex-col gap-1 md:mt-auto md:flex">
          <Link to="/c/new" className={SIDE_LINK}>
            <MessageSquarePlus className="size-4 shrink-0" aria-hidden="true" />
            {t('com_home_new_chat')}
          </Link>
          <Link to="/help" className={SIDE_LINK}>
            <CircleHelp className="size-4 shrink-0" aria-hidden="true" />
            {t('com_ui_help_title')}
          </Link>
        </nav>
      </aside>
      <main className="min-w-0 flex-1">
        <Tabs.Content value="home" className="focus-visible:outline-none">
          <HomeTabContent appTitle={appTitle} />
        </Tabs.Content>
        <Tabs.Content value="draw" className="focus-visible:outline-none">
          <DrawTab />
        </Tabs.Content>
      </main>
    </Tabs.Root>
  );
}
