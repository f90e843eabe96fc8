import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserKeyExpiry } from '@parley/shared';
import { intlLocale } from '../../i18n/intl-locale';

/**
 * "Your key expires at …" / "No key set" above the key form (GET /api/keys,
 * docs/reference/endpoints-and-models.md (User-provided keys)).
 */
export function KeyStatus({
  expiry,
  loading,
}: {
  expiry: UserKeyExpiry | null | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  let text: string;
  if (loading) text = t('com_endpoint_config_key_checking');
  else if (!expiry) text = t('com_endpoint_config_key_none');
  else if (!expiry.expiresAt) text = t('com_endpoint_config_key_never_expires');
  else {
    const date = new Intl.DateTimeFormat(intlLocale(i18n.language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(expiry.expiresAt));
    text = t('com_endpoint_config_key_expires_at', { date });
  }
  const stored = !loading && Boolean(expiry);
  return (
    <p
      role="status"
      data-testid="key-status"
      className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
        stored
          ? 'bg-teal-50 text-teal-900 dark:bg-teal-950/40 dark:text-teal-100'
          : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800/70 dark:text-zinc-300'
      }`}
    >
      <KeyRound className="size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
