import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { PlaceholderPage } from '../components/ui/placeholder-page';

/**
 * Render errors: say so and offer the way back instead of a blank page. Unknown routes have their own page
 * (features/not-found).
 */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <PlaceholderPage title={t('com_ui_error_title')} body={t('com_ui_error_body')}>
        <div className="pt-2">
          <Link to="/c/new" className={buttonClass('primary')}>
            {t('com_ui_back_to_chat')}
          </Link>
        </div>
      </PlaceholderPage>
    </div>
  );
}
