import { use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useStartupConfig } from '../config/config.api';
import { useDocumentTitle } from '../config/use-document-title';
import { useFileConfig } from '../files/files.api';
import { intlLocale } from '../i18n/intl-locale';
import { keyboardTexts } from '../keyboard/shortcut-list';
import { helpSections, type HelpSectionId } from './help-figures';
import { HelpSectionBody } from './help-sections';
import { helpTexts } from './help-texts';

// Literal keys, so the locale test sees each one.
const TITLES: Record<HelpSectionId, string> = {
  credits: 'com_help_credits_title',
  cards: 'com_help_cards_title',
  invites: 'com_help_invites_title',
  keys: 'com_help_keys_title',
  files: 'com_help_files_title',
  languages: 'com_help_languages_title',
  shortcuts: 'com_help_shortcuts_title',
};

/**
 * /help (docs/reference/home-and-help.md (Help)): one page of plain text, so the browser's find searches all of it,
 * with a table of contents and a heading per section that a link (`/help#files`) opens at. Its figures are this
 * server's, read from the startup config and the file limits.
 */
export function HelpPage() {
  // The page's texts, and the shortcut names it lists, in the user's language; render once they are here.
  use(helpTexts);
  use(keyboardTexts);
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('com_ui_help_title'));
  const { config } = useStartupConfig();
  const fileConfig = useFileConfig();
  const sections = helpSections(config);
  useScrollToHash();

  return (
    <div className="h-full overflow-y-auto" data-testid="help-page">
      <article className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">
            {t('com_ui_help_title')}
          </h1>
          <p className="text-zinc-600 dark:text-zinc-400">{t('com_help_intro')}</p>
        </header>
        <nav
          aria-labelledby="help-toc"
          className="rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h2 id="help-toc" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {t('com_help_toc')}
          </h2>
          <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="text-teal-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-400"
                >
                  {t(TITLES[id])}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((id) => (
          <section key={id} aria-labelledby={id} data-section={id} className="flex flex-col gap-3">
            <h2
              id={id}
              className="group flex scroll-mt-6 items-baseline gap-2 text-xl font-semibold text-zinc-900 dark:text-zinc-50"
            >
              {t(TITLES[id])}
              <a
                href={`#${id}`}
                aria-label={t('com_help_link_to', { section: t(TITLES[id]) })}
                className="text-base font-normal text-zinc-400 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-500"
              >
                #
              </a>
            </h2>
            <HelpSectionBody
              id={id}
              config={config}
              fileConfig={fileConfig}
              locale={intlLocale(i18n.resolvedLanguage ?? i18n.language)}
            />
          </section>
        ))}
      </article>
    </div>
  );
}

/** Opens the page at the section its address names (`/help#files`); later jumps are the browser's own. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
