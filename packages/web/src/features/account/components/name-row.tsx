import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameSchema } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { translateMessage } from '../../../lib/translate-message';
import { showToast } from '../../toast/toast.store';
import { useUpdateNameMutation } from '../account.api';
import { useServerText } from '../use-server-text';

/** The display name, edited in place under the sign-up rules; the avatar's letter follows it. */
export function NameRow({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateNameMutation();
  const serverText = useServerText();

  const save = () => {
    const parsed = nameSchema.safeParse(draft ?? '');
    if (!parsed.success) return setError(translateMessage(t, i18n, parsed.error.issues[0]?.message));
    update.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(null);
        showToast({ message: t('com_ui_account_name_saved'), severity: 'success' });
      },
      onError: (e) => setError(serverText(e, 'com_ui_account_error')),
    });
  };

  if (draft === null) {
    return (
      <div className="flex items-center justify-between gap-4 py-3">
        <div className="min-w-0">
          <p className="text-sm text-zinc-800 dark:text-zinc-100">{t('com_ui_account_name')}</p>
          <p data-testid="account-name" className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {name}
          </p>
        </div>
        <Button
          variant="secondary"
          className="h-9 shrink-0 px-3"
          data-testid="edit-name"
          onClick={() => setDraft(name)}
        >
          {t('com_ui_account_edit')}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-2 py-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <TextField
        label={t('com_ui_account_name')}
        value={draft}
        autoFocus
        maxLength={100}
        autoComplete="name"
        data-testid="name-input"
        error={error}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" className="h-9 px-3" onClick={() => setDraft(null)}>
          {t('com_ui_account_cancel')}
        </Button>
        <Button type="submit" className="h-9 px-3" data-testid="save-name" disabled={update.isPending}>
          {t('com_ui_account_save')}
        </Button>
      </div>
    </form>
  );
}
