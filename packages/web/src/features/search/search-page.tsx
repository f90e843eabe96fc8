import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useDocumentTitle } from '../config/use-document-title';

/** /search/:query?; an empty query goes to /c/new (spec 1 §2). */
export function SearchPage() {
  const { t } = useTranslation();
  const { query = '' } = useParams();
  useDocumentTitle(null);
  if (!query.trim()) return <Navigate to="/c/new" replace />;
  return (
    <PlaceholderPage title={t('com_ui_search_title', { query })} body={t('com_ui_search_placeholder')} />
  );
}
