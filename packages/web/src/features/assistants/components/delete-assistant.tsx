import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assistant } from '@parley/shared';
import { iconButton } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { errorText } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { assistantLabel } from '../assistant-form';
import { useDeleteAssistantMutation } from '../assistants.api';
import { useBuilderStore } from '../builder.store';

/** Delete assistant, after a confirmation naming it; the builder then starts a new one. */
export function DeleteAssistant({ assistant }: { assistant: Assistant }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAssistantMutation();
  const edit = useBuilderStore((s) => s.edit);
  // Awaited rather than given callbacks: the delete takes the assistant out of the cache, which unmounts this button.
  const confirm = () =>
    remove.mutateAsync(assistant.id).then(
      () => {
        setOpen(false);
        edit(null);
        showToast({ message: t('com_assistants_delete_success'), severity: 'success' });
      },
      (error: unknown) => {
        setOpen(false);
        showToast({
          message: [t('com_assistants_delete_error'), errorText(error)].filter(Boolean).join(' '),
          severity: 'error',
        });
      },
    );
  return (
    <>
      <button
        type="button"
        aria-label={t('com_assistants_delete')}
        title={t('com_assistants_delete')}
        data-testid="assistant-delete"
        onClick={() => setOpen(true)}
        className={`${iconButton} text-rose-700! hover:bg-rose-50! dark:text-rose-400! dark:hover:bg-rose-950/40!`}
      >
        <Trash2 className="size-5" aria-hidden="true" />
      </button>
      <ConfirmDeleteDialog
        title={assistantLabel(assistant)}
        headingKey="com_assistants_delete_confirm_title"
        bodyKey="com_assistants_delete_confirm"
        testId="assistant-delete-confirm"
        open={open}
        pending={remove.isPending}
        onOpenChange={setOpen}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
