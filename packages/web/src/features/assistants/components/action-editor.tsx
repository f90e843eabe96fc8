import { ArrowLeft, KeyRound } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_SCHEMA_DEBOUNCE_MS, parseOpenApi, type Action, type Assistant } from '@parley/shared';
import { Button, iconButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { actionPayload, actionToForm, authProblems, emptyActionForm, savedSecretsOf } from '../action-form';
import { useSaveActionMutation } from '../actions.api';
import { useBuilderStore } from '../builder.store';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ActionAuthDialog } from './action-auth-dialog';
import { AvailableActions } from './available-actions';
import { DeleteAction } from './delete-action';
import { SchemaField } from './schema-field';

// Literal keys, so the locale test sees each one.
const AUTH_LABELS = {
  none: 'com_assistants_auth_none',
  service_http: 'com_assistants_auth_api_key',
  oauth: 'com_assistants_auth_oauth',
} as const;

/**
 * The actions editor (the panel's second mode): authentication, the OpenAPI schema parsed 800 ms after the last
 * keystroke, the operations it offers, the privacy policy URL, Save (with no operation there is nothing to save),
 * Back and Delete.
 */
export function ActionEditor({ assistant, action }: { assistant: Assistant | null; action: Action | null }) {
  const { t } = useTranslation();
  const back = useBuilderStore((s) => s.back);
  const openAction = useBuilderStore((s) => s.openAction);
  const [values, setValues] = useState(() => (action ? actionToForm(action) : emptyActionForm()));
  const [authOpen, setAuthOpen] = useState(false);
  const saved = useMemo(() => savedSecretsOf(action), [action]);
  const save = useSaveActionMutation();
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => backRef.current?.focus(), []);

  // A saved action's schema is read at once; typing waits for a pause.
  const spec = useDebouncedValue(values.rawSpec, ACTION_SCHEMA_DEBOUNCE_MS);
  const parsing = spec !== values.rawSpec;
  const result = useMemo(() => (spec.trim() === '' ? null : parseOpenApi(spec)), [spec]);
  const parsed = result?.ok ? result : null;

  const submit = () => {
    if (!assistant) return showToast({ message: t('com_assistants_no_assistant_id'), severity: 'error' });
    if (!parsed || parsing) return;
    if (authProblems(values, saved).length > 0) return setAuthOpen(true);
    save
      .mutateAsync({
        assistantId: assistant.id,
        body: actionPayload(values, parsed, action?.action_id ?? null),
      })
      .then(
        ([, , savedAction]) => {
          showToast({ message: t('com_assistants_action_saved'), severity: 'success' });
          // A new action goes on as that action; secrets typed now are kept by the server, not shown again.
          setValues((v) => ({ ...v, apiKey: '', clientId: '', clientSecret: '' }));
          openAction(savedAction.action_id);
        },
        (error: unknown) =>
          showToast({
            message: [t('com_assistants_action_save_error'), errorText(error)].filter(Boolean).join(' '),
            severity: 'error',
          }),
      );
  };

  return (
    <div data-testid="action-editor" className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-center gap-1 border-b border-zinc-200 px-2 py-2 dark:border-zinc-800">
        <button
          ref={backRef}
          type="button"
          onClick={back}
          data-testid="action-back"
          className={`${iconButton} w-auto! gap-1.5 px-2 text-sm`}
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('com_assistants_back')}
        </button>
        <h2 className="min-w-0 flex-1 truncate px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {t(action ? 'com_assistants_edit_action' : 'com_assistants_add_action')}
        </h2>
        {action && (
          <DeleteAction
            assistantId={assistant?.id}
            actionId={action.action_id}
            domain={action.metadata.domain ?? action.action_id}
          />
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-3 py-4">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('com_assistants_authentication')}
          </span>
          <button
            type="button"
            onClick={() => setAuthOpen(true)}
            data-testid="action-auth"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-zinc-300 px-3 text-sm text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            <KeyRound className="size-4 text-zinc-500 dark:text-zinc-400" aria-hidden="true" />
            <span className="flex-1 text-start">{t(AUTH_LABELS[values.auth.type])}</span>
            <span className="text-xs text-teal-700 dark:text-teal-400">
              {t('com_assistants_auth_change')}
            </span>
          </button>
        </div>
        <SchemaField
          value={values.rawSpec}
          onChange={(rawSpec) => setValues((v) => ({ ...v, rawSpec }))}
          result={result}
          parsing={parsing}
        />
        <AvailableActions rows={parsed?.operations ?? []} />
        <TextField
          label={t('com_assistants_privacy_policy_url')}
          type="url"
          placeholder="https://"
          value={values.privacyPolicyUrl}
          onChange={(e) => setValues((v) => ({ ...v, privacyPolicyUrl: e.target.value }))}
          data-testid="action-privacy-url"
        />
      </div>
      <div className="flex shrink-0 justify-end border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
        <Button
          className="h-10! min-w-24"
          disabled={!parsed || parsed.functions.length === 0 || parsing || save.isPending}
          onClick={submit}
          data-testid="action-save"
        >
          {t(action ? 'com_ui_save' : 'com_ui_create')}
        </Button>
      </div>
      {authOpen && (
        <ActionAuthDialog
          open
          onOpenChange={setAuthOpen}
          values={values}
          saved={saved}
          onApply={(auth) => setValues((v) => ({ ...v, ...auth }))}
        />
      )}
    </div>
  );
}
