import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { useCommerceDialogs } from '../../commerce/commerce-dialogs.store';
import { FooterWords } from '../../commerce/components/footer-words';
import { useStartupConfig } from '../../config/config.api';
import { useDocumentTitle } from '../../config/use-document-title';
import { LanguageSelect } from '../../i18n/language-select';

// Loaded the first time the footer's Contact support is pressed, as in the chat shell (nav/components/shell-dialogs).
const SupportDialog = lazy(async () => ({
  default: (await import('../../commerce/components/support-dialog')).SupportDialog,
}));

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the sign-in pages: brand and language at the top, a centred card, the footer line. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { config } = useStartupConfig();
  const show = useCommerceDialogs((s) => s.show);
  // Mounted from the first press on, so the dialog keeps its close animation.
  const [supportWanted, setSupportWanted] = useState(false);
  useDocumentTitle();

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6 sm:py-4">
        <div className="flex min-w-0 items-center gap-2.5">
          <Logo />
          {config.appTitle && <span className="truncate text-base font-semibold">{config.appTitle}</span>}
        </div>
        <LanguageSelect showLabel={false} />
      </header>
      <main className="flex flex-1 justify-center px-4 pt-6 pb-10 sm:items-center sm:pt-0">
        <div className="w-full max-w-md sm:rounded-2xl sm:border sm:border-zinc-200 sm:bg-white sm:p-8 sm:shadow-sm dark:sm:border-zinc-800 dark:sm:bg-zinc-900">
          <div className="mb-6 flex flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            {subtitle && <p className="text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p>}
          </div>
          {children}
        </div>
      </main>
      <footer className="px-4 pb-5 text-center text-xs text-zinc-500 dark:text-zinc-400">
        <FooterWords
          onSupport={() => {
            setSupportWanted(true);
            show('support');
          }}
        />
      </footer>
      {supportWanted && (
        <Suspense fallback={null}>
          <SupportDialog />
        </Suspense>
      )}
    </div>
  );
}
