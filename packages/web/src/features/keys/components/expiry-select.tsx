import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { KEY_EXPIRIES, type KeyExpiry } from '../key-form';

const LABELS: Record<KeyExpiry, string> = {
  '30m': 'com_endpoint_config_key_expiry_30m',
  '2h': 'com_endpoint_config_key_expiry_2h',
  '12h': 'com_endpoint_config_key_expiry_12h',
  '1d': 'com_endpoint_config_key_expiry_1d',
  '7d': 'com_endpoint_config_key_expiry_7d',
  '30d': 'com_endpoint_config_key_expiry_30d',
};

/**
 * How long the server keeps the key (12 hours by default: docs/reference/endpoints-and-models.md (User-provided keys)).
 */
export function ExpirySelect({ value, onChange }: { value: KeyExpiry; onChange: (v: KeyExpiry) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('com_endpoint_config_key_expiry')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as KeyExpiry)}
        className="select-control"
      >
        {KEY_EXPIRIES.map((option) => (
          <option key={option} value={option}>
            {t(LABELS[option])}
          </option>
        ))}
      </select>
    </div>
  );
}
