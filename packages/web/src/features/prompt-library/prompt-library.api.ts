import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promptLibraryLang, type PromptEntry } from '@parley/shared';
import { api } from '../../lib/api';

/**
 * `GET /api/promptLibrary` in the interface language's set, see docs/reference/prompt-library.md (Listing and searching):
 * the whole list once, which the dialog and the slash picker search and page on the spot. Asked only when one of
 * them opens.
 */
export function usePromptLibrary(enabled: boolean) {
  const { i18n } = useTranslation();
  const lang = promptLibraryLang(i18n.resolvedLanguage ?? i18n.language);
  return useQuery({
    queryKey: ['promptLibrary', lang] as const,
    queryFn: async () => (await api.call('listPromptLibrary', { query: { lang } })) as PromptEntry[],
    enabled,
    staleTime: 5 * 60_000,
  });
}
