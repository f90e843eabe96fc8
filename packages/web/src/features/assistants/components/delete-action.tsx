import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButton } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { errorText } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { useDeleteActionMutation } from '../actions.api';
import { useBuilderStore } from '../builder.store';

/** Deletes the action after a confirmation naming its domain; then back to the builder. */
export function DeleteAction({
  assistantId,
  actionId,
  domain,
}: {
  assistantId: string | undefined;
  actionId: string;
  domain: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteActionMutation();
  const back = useBuilderStore((s) => s.back);
  const confirm = () => {
    if (!assistantId) {
      setOpen(false);
      showToast({ message: t('com_assistants_no_assistant_id'), severity: 'error' });
      return;
    }
    // Awaited rather than given callbacks: the delete takes the action out of the cache, which unmounts this button
    // before the answer's callbacks would run.
    remove.mutateAsync({ assistantId, actionId }).then(
      () => {
        setOpen(false);
        showToast({ message: t('com_assistants_delete_action_success'), severity: 'success' });
        back();
      },
      (error: unknown) => {
        setOpen(false);
        showToast({
          message: [t('com_assistants_delete_action_error'), errorText(error)].filter(Boolean).join(' '),
          severity: 'error',
        });
      },
    );
  };

  return (
    <>
      <button
        type="button"
        aria-label={t('com_assistants_delete_action')}
        title={t('com_assistants_delete_action')}
        data-testid="action-delete"
        onClick={() => setOpen(true)}
        className={`${iconButton} text-rose-700! hover:bg-rose-50! dark:text-rose-400! dark:hover:bg-rose-950/40!`}
      >
        <Trash2 className="size-5" aria-hidden="true" />
      </button>
      <ConfirmDeleteDialog
        title={domain}
        headingKey="com_assistants_delete_action_confirm_title"
        bodyKey="com_assistants_delete_action_confirm"
        testId="action-delete-confirm"
        open={open}
        pending={remove.isPending}
        onOpenChange={setOpen}
        onConfirm={confirm}
      />
    </>
  );
}
