import { FileBraces, Upload, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { readServiceKeyFile } from '../key-form';
import { SecretField } from './secret-field';

interface GoogleKeyFieldsProps {
  apiKey: string;
  onApiKeyChange: (value: string) => void;
  /** The checked service-account JSON text, or null. */
  serviceKey: string | null;
  onServiceKeyChange: (value: string | null) => void;
  invalid: boolean;
}

/** Google takes a service-account JSON file (checked before it is sent) or a plain Gemini API key. */
export function GoogleKeyFields({
  apiKey,
  onApiKeyChange,
  serviceKey,
  onServiceKeyChange,
  invalid,
}: GoogleKeyFieldsProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [badFile, setBadFile] = useState(false);
  const account = serviceKey ? (JSON.parse(serviceKey) as { client_email?: string }).client_email : null;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    // Let the same file be picked again after a fix.
    input.value = '';
    if (!file) return;
    const checked = readServiceKeyFile(file, await file.text());
    setBadFile(checked === null);
    onServiceKeyChange(checked);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('com_endpoint_config_key_google_service_account')}
        </span>
        {account ? (
          <div className="flex items-center gap-2.5 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100">
            <FileBraces className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate" data-testid="service-account">
              {account}
            </span>
            <button
              type="button"
              onClick={() => onServiceKeyChange(null)}
              aria-label={t('com_endpoint_config_key_google_remove_file')}
              className="rounded-md p-1 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-emerald-900/50"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <label
            htmlFor={inputId}
            className="flex h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-zinc-300 text-sm font-medium text-zinc-700 transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-teal-600 hover:border-teal-600 hover:bg-teal-50/60 hover:text-teal-800 dark:border-zinc-700 dark:text-zinc-200 dark:hover:border-teal-500 dark:hover:bg-teal-950/30 dark:hover:text-teal-200"
          >
            <Upload className="size-4" aria-hidden="true" />
            {t('com_endpoint_config_key_google_import')}
            <input
              id={inputId}
              type="file"
              accept=".json,application/json"
              className="sr-only"
              onChange={(e) => void onFile(e)}
            />
          </label>
        )}
        {badFile && <Alert>{t('com_endpoint_config_key_google_invalid_file')}</Alert>}
      </div>
      <div className="flex items-center gap-3 text-xs tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        {t('com_endpoint_config_key_or')}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <SecretField
        label={t('com_endpoint_config_key_google_api_key')}
        value={apiKey}
        onChange={onApiKeyChange}
        invalid={invalid}
        disabled={Boolean(account)}
        placeholder={t('com_endpoint_config_key_placeholder')}
      />
    </div>
  );
}
