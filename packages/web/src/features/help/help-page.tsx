import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useDocumentTitle } from '../config/use-document-title';

/** /help: the help page (its content is planned: docs/reference/planned.md (Other)). */
export function HelpPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('com_ui_help_title'));
  return <PlaceholderPage title={t('com_ui_help_title')} body={t('com_ui_help_placeholder')} />;
}
