import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionAuth, ActionAuthField, ActionSecretField } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { TextField } from '../../../components/ui/text-field';
import { authProblems, type ActionFormValues, type AuthProblem } from '../action-form';
import { RadioRow } from './radio-row';

type AuthValues = Pick<ActionFormValues, 'auth' | 'apiKey' | 'clientId' | 'clientSecret'>;

interface ActionAuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: ActionFormValues;
  /** Secrets the saved action holds: their fields may stay empty (they are never shown back). */
  saved: ReadonlySet<ActionSecretField>;
  onApply: (values: AuthValues) => void;
}

/**
 * How the action's API is signed in to: None, an API key (sent as Basic, Bearer or in a header the user names) or
 * OAuth (client id and secret, authorization and token URLs, scope, token exchange by POST or Basic header). The
 * dialog checks what a save needs before it closes. Mounted when opened, so it starts from the editor's values.
 */
export function ActionAuthDialog({ open, onOpenChange, values, saved, onApply }: ActionAuthDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuthValues>(values);
  const [problems, setProblems] = useState<AuthProblem[]>([]);
  const setAuth = (patch: Partial<ActionAuth>) => setDraft((d) => ({ ...d, auth: { ...d.auth, ...patch } }));
  const error = (field: ActionAuthField) => {
    const found = problems.find((p) => p.field === field);
    if (!found) return undefined;
    return t(found.problem === 'missing' ? 'com_assistants_auth_required' : 'com_assistants_auth_invalid');
  };
  const secretHint = (field: ActionSecretField) =>
    saved.has(field) ? t('com_assistants_auth_secret_saved') : '';
  const apply = () => {
    const found = authProblems({ ...values, ...draft }, saved);
    setProblems(found);
    if (found.length > 0) return;
    onApply(draft);
    onOpenChange(false);
  };
  const { auth } = draft;

  let fields: ReactNode = null;
  if (auth.type === 'service_http') {
    fields = (
      <>
        <TextField
          label={t('com_assistants_api_key')}
          type="password"
          autoComplete="off"
          placeholder={secretHint('api_key')}
          value={draft.apiKey}
          onChange={(e) => setDraft((d) => ({ ...d, apiKey: e.target.value }))}
          error={error('api_key')}
          data-testid="auth-api-key"
        />
        <RadioRow
          legend={t('com_assistants_auth_type')}
          value={auth.authorization_type}
          onChange={(authorization_type) => setAuth({ authorization_type })}
          testId="auth-authorization-type"
          options={[
            { value: 'basic', label: t('com_assistants_auth_basic') },
            { value: 'bearer', label: t('com_assistants_auth_bearer') },
            { value: 'custom', label: t('com_assistants_auth_custom') },
          ]}
        />
        {auth.authorization_type === 'custom' && (
          <TextField
            label={t('com_assistants_custom_auth_header')}
            autoComplete="off"
            placeholder="X-Api-Key"
            value={auth.custom_auth_header ?? ''}
            onChange={(e) => setAuth({ custom_auth_header: e.target.value })}
            error={error('custom_auth_header')}
            data-testid="auth-custom-header"
          />
        )}
      </>
    );
  } else if (auth.type === 'oauth') {
    fields = (
      <>
        <TextField
          label={t('com_assistants_client_id')}
          type="password"
          autoComplete="off"
          placeholder={secretHint('oauth_client_id')}
          value={draft.clientId}
          onChange={(e) => setDraft((d) => ({ ...d, clientId: e.target.value }))}
          error={error('oauth_client_id')}
          data-testid="auth-client-id"
        />
        <TextField
          label={t('com_assistants_client_secret')}
          type="password"
          autoComplete="off"
          placeholder={secretHint('oauth_client_secret')}
          value={draft.clientSecret}
          onChange={(e) => setDraft((d) => ({ ...d, clientSecret: e.target.value }))}
          error={error('oauth_client_secret')}
          data-testid="auth-client-secret"
        />
        <TextField
          label={t('com_assistants_authorization_url')}
          type="url"
          value={auth.authorization_url ?? ''}
          onChange={(e) => setAuth({ authorization_url: e.target.value })}
          error={error('authorization_url')}
          data-testid="auth-authorization-url"
        />
        <TextField
          label={t('com_assistants_token_url')}
          type="url"
          value={auth.client_url ?? ''}
          onChange={(e) => setAuth({ client_url: e.target.value })}
          error={error('client_url')}
          data-testid="auth-token-url"
        />
        <TextField
          label={t('com_assistants_scope')}
          value={auth.scope ?? ''}
          onChange={(e) => setAuth({ scope: e.target.value })}
          error={error('scope')}
          data-testid="auth-scope"
        />
        <RadioRow
          legend={t('com_assistants_token_exchange_method')}
          value={auth.token_exchange_method}
          onChange={(token_exchange_method) => setAuth({ token_exchange_method })}
          testId="auth-token-exchange"
          options={[
            { value: 'default_post', label: t('com_assistants_token_exchange_post') },
            { value: 'basic_auth_header', label: t('com_assistants_token_exchange_basic') },
          ]}
        />
      </>
    );
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_assistants_authentication')}
      widthClass="max-w-lg"
      testId="action-auth-dialog"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
        <RadioRow
          legend={t('com_assistants_auth_kind')}
          value={auth.type}
          onChange={(type) => {
            setAuth({ type });
            setProblems([]);
          }}
          testId="auth-kind"
          options={[
            { value: 'none', label: t('com_assistants_auth_none') },
            { value: 'service_http', label: t('com_assistants_auth_api_key') },
            { value: 'oauth', label: t('com_assistants_auth_oauth') },
          ]}
        />
        {fields}
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <Button variant="secondary" className="h-10!" onClick={() => onOpenChange(false)}>
          {t('com_assistants_cancel')}
        </Button>
        <Button className="h-10!" onClick={apply} data-testid="auth-apply">
          {t('com_ui_save')}
        </Button>
      </div>
    </DialogFrame>
  );
}
