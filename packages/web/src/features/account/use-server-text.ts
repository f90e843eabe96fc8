import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error';
import { translateMessage } from '../../lib/translate-message';

/**
 * The words for a failed account call: the server's message in the user's language when it names a key the
 * catalogue has, its English text otherwise, or `fallbackKey` when the call never got an answer.
 */
export function useServerText(): (error: unknown, fallbackKey: string) => string {
  const { t, i18n } = useTranslation();
  return (error, fallbackKey) => {
    if (isApiError(error) && error.status >= 400 && error.body?.message) {
      return translateMessage(t, i18n, error.body.key) ?? error.body.message;
    }
    return t(fallbackKey);
  };
}
