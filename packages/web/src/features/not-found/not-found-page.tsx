import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useDocumentTitle } from '../config/use-document-title';
import { useAuthStore } from '../auth/auth.store';

/**
 * "Page not found" (docs/reference/settings-and-ui.md (Routes)): an unknown path, or a word that is not an invite
 * code. The way back is a new chat when signed in, sign-in when not; none while the session is still being checked.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const status = useAuthStore((s) => s.status);
  useDocumentTitle();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-white px-5 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <section
        className="flex w-full max-w-md flex-col items-center gap-3 text-center"
        data-testid="not-found"
      >
        <p aria-hidden className="text-6xl font-semibold tracking-tight text-teal-700 dark:text-teal-500">
          404
        </p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('com_ui_not_found_title')}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">{t('com_ui_not_found_body')}</p>
        <div className="flex min-h-11 pt-2">
          {status === 'authenticated' && (
            <Link to="/c/new" className={buttonClass('primary')}>
              {t('com_nav_new_chat')}
            </Link>
          )}
          {status === 'unauthenticated' && (
            <Link to="/login" className={buttonClass('primary')}>
              {t('com_auth_login')}
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}
