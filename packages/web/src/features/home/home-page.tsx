import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useDocumentTitle } from '../config/use-document-title';

/** /home: a placeholder until the home page comes (docs/reference/planned.md (Other)). */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <PlaceholderPage title={t('com_ui_home_title')} body={t('com_ui_home_placeholder')}>
        <div className="pt-2">
          <Link to="/c/new" className={buttonClass('primary')}>
            {t('com_ui_back_to_chat')}
          </Link>
        </div>
      </PlaceholderPage>
    </div>
  );
}
