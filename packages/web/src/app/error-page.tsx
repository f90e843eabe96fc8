import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { PlaceholderPage } from '../components/ui/placeholder-page';

/** Unknown routes and render errors: say so and offer the way back instead of a blank page. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = error === undefined || (isRouteErrorResponse(error) && error.status === 404);
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <PlaceholderPage
        title={notFound ? t('com_ui_not_found_title') : t('com_ui_error_title')}
        body={notFound ? t('com_ui_not_found_body') : t('com_ui_error_body')}
      >
        <div className="pt-2">
          <Link to="/c/new" className={buttonClass('primary')}>
            {t('com_ui_back_to_chat')}
          </Link>
        </div>
      </PlaceholderPage>
    </div>
  );
}
