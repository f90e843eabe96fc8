import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api-error';
import { useAuthStore } from '../auth/auth.store';
import { useStartupConfig } from '../config/config.api';
import { useDocumentTitle } from '../config/use-document-title';
import { NotFoundPage } from '../not-found/not-found-page';
import { shareTexts } from './share-texts';
import { SharedMessage } from './components/shared-message';
import { useSharedConversation } from './shared-read.api';

/**
 * `/share/:shareId` (docs/reference/sharing.md (What a link shows)): a shared branch, read-only, for anyone with the
 * link, signed in or not. Loaded on demand, out of the chat's initial JavaScript. An unknown or revoked link is the
 * "Page not found" page.
 */
export function SharePage() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(shareTexts);
  const { t, i18n } = useTranslation();
  const { shareId = '' } = useParams();
  const status = useAuthStore((s) => s.status);
  // Asked once the session check has ended, so a signed-in reader sends their token (some servers require it).
  const read = useSharedConversation(shareId, status !== 'checking');
  const shared = read.data?.kind === 'shared' ? read.data.shared : null;
  useDocumentTitle(shared?.title);

  if (read.data?.kind === 'missing') return <NotFoundPage />;
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <PageHeader />
      <main className="flex-1 pb-10" data-testid="share-page">
        {read.isError ? (
          <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
            <Alert>{errorText(read.error)}</Alert>
            <Button variant="secondary" className="mt-3" onClick={() => void read.refetch()}>
              {t('com_share_retry')}
            </Button>
          </div>
        ) : read.data?.kind === 'sign-in' ? (
          <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-5 py-16 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{t('com_share_sign_in_title')}</h1>
            <p className="text-zinc-600 dark:text-zinc-400">{t('com_share_sign_in_body')}</p>
            <Link to="/login" className={buttonClass('primary')}>
              {t('com_auth_login')}
            </Link>
          </div>
        ) : shared ? (
          <>
            <div className="mx-auto w-full max-w-3xl px-4 pt-8 pb-4 sm:px-6">
              <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
                {shared.title}
              </h1>
              <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                {t('com_share_shared_on', {
                  date: new Date(shared.updatedAt).toLocaleDateString(i18n.language, { dateStyle: 'long' }),
                })}
              </p>
            </div>
            <section aria-label={t('com_share_messages')} className="flex flex-col">
              {shared.messages.map((message) => (
                <SharedMessage key={message.messageId} message={message} />
              ))}
            </section>
            <PageFooter />
          </>
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

function PageHeader() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  return (
    <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex h-14 max-w-3xl items-center gap-3 px-4 sm:px-6">
        <Logo className="size-7" />
        <span className="min-w-0 flex-1 truncate text-sm font-semibold">{config.appTitle || 'Parley'}</span>
        <span className="hidden rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs text-zinc-700 sm:inline dark:bg-zinc-800 dark:text-zinc-300">
          {t('com_share_read_only')}
        </span>
        <Link
          to={signedIn ? '/c/new' : '/login'}
          className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-300 dark:hover:bg-teal-950/50"
        >
          {signedIn ? t('com_nav_new_chat') : t('com_auth_login')}
        </Link>
      </div>
    </header>
  );
}

function PageFooter() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  return (
    <footer className="mx-auto mt-8 flex w-full max-w-3xl flex-col items-center gap-3 border-t border-zinc-200 px-4 pt-8 text-center sm:px-6 dark:border-zinc-800">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('com_share_footer', { app: config.appTitle || 'Parley' })}
      </p>
      <Link to={signedIn ? '/c/new' : '/login'} className={buttonClass('primary')}>
        {signedIn ? t('com_share_start_chat') : t('com_share_sign_in_to_chat')}
      </Link>
    </footer>
  );
}
