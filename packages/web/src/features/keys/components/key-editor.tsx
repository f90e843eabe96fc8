import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointConfig } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorText, isApiError } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { buildKeyValue, DEFAULT_EXPIRY, expiresAtFor, keyFormKind, type KeyExpiry } from '../key-form';
import { useRevokeUserKey, useSaveUserKey, useUserKeyExpiry } from '../keys.api';
import { ExpirySelect } from './expiry-select';
import { GoogleKeyFields } from './google-key-fields';
import { KeyFields } from './key-fields';
import { KeyStatus } from './key-status';

interface KeyEditorProps {
  endpoint: string;
  config: EndpointConfig | undefined;
  /** The name the key is stored under (userKeyName). */
  name: string;
  onDone: () => void;
}

/** The body of the key dialog: current expiry, the endpoint's fields, expiry choice, Revoke/Cancel/Submit. */
export function KeyEditor({ endpoint, config, name, onDone }: KeyEditorProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const kind = keyFormKind(endpoint, config);
  const [values, setValues] = useState<Record<string, string>>({});
  const [serviceKey, setServiceKey] = useState<string | null>(null);
  const [expiry, setExpiry] = useState<KeyExpiry>(DEFAULT_EXPIRY);
  const [error, setError] = useState<{ text: string; fields: string[] } | null>(null);
  const status = useUserKeyExpiry(name);
  const save = useSaveUserKey();
  const revoke = useRevokeUserKey();

  const serverError = (err: unknown) => {
    const missing = isApiError(err) ? err.body?.details?.['missing'] : undefined;
    if (Array.isArray(missing)) {
      const fields = missing.map(String);
      return { text: t('com_endpoint_config_key_fields_required', { fields: fields.join(', ') }), fields };
    }
    return { text: errorText(err) || t('com_endpoint_config_key_save_failed'), fields: [] };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const built = buildKeyValue(kind, { fields: values, serviceKey });
    if (!built.ok) {
      setError({ text: t(built.error.key, built.error.values ?? {}), fields: built.error.fields });
      return;
    }
    setError(null);
    const input = { name, value: built.value, expiresAt: expiresAtFor(expiry) };
    save.mutate(input, {
      onSuccess: () => {
        showToast({ message: t('com_endpoint_config_key_saved'), severity: 'success' });
        onDone();
      },
      onError: (err) => setError(serverError(err)),
    });
  };

  const onRevoke = () =>
    revoke.mutate(name, {
      onSuccess: () => showToast({ message: t('com_endpoint_config_key_revoked'), severity: 'success' }),
      onError: (err) => setError(serverError(err)),
    });

  // Typing answers the last complaint; it is checked again on the next submit.
  const setField = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };
  const invalid = error?.fields ?? [];

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
        <KeyStatus expiry={status.data} loading={status.isPending} />
        {kind.kind === 'google' ? (
          <GoogleKeyFields
            apiKey={values['apiKey'] ?? ''}
            onApiKeyChange={(value) => setField('apiKey', value)}
            serviceKey={serviceKey}
            onServiceKeyChange={(value) => {
              setServiceKey(value);
              setError(null);
            }}
            invalid={invalid.includes('apiKey')}
          />
        ) : (
          <KeyFields kind={kind} values={values} onChange={setField} invalid={invalid} errorId={errorId} />
        )}
        <ExpirySelect value={expiry} onChange={setExpiry} />
        {error && (
          <div id={errorId}>
            <Alert>{error.text}</Alert>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
        {status.data && (
          <Button
            variant="ghost"
            onClick={onRevoke}
            disabled={revoke.isPending}
            className="text-rose-700 hover:bg-rose-50 hover:text-rose-800 dark:text-rose-400 dark:hover:bg-rose-950/40"
          >
            {t('com_endpoint_config_key_revoke')}
          </Button>
        )}
        <div className="ms-auto flex gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary">{t('com_endpoint_config_key_cancel')}</Button>
          </Dialog.Close>
          <Button type="submit" disabled={save.isPending}>
            {t('com_endpoint_config_key_submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
