import { useTranslation } from 'react-i18next';
import type { Assistant } from '@parley/shared';
import { errorText } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { assistantPayload, type AssistantFormValues } from '../assistant-form';
import {
  useCreateAssistantMutation,
  useUpdateAssistantMutation,
  useUploadAvatarMutation,
} from '../assistants.api';
import { useBuilderStore } from '../builder.store';

/**
 * Create or Save: the success toast, or the error toast with the server's reason. A new assistant's chosen picture
 * is uploaded right after it is created, and the builder goes on editing it.
 */
export function useSaveAssistant(assistant: Assistant | null, pendingAvatar: File | null) {
  const { t } = useTranslation();
  const create = useCreateAssistantMutation();
  const update = useUpdateAssistantMutation();
  const avatar = useUploadAvatarMutation();
  const edit = useBuilderStore((s) => s.edit);
  const fail = (key: string, error: unknown) =>
    showToast({ message: [t(key), errorText(error)].filter(Boolean).join(' '), severity: 'error' });

  const save = async (values: AssistantFormValues): Promise<boolean> => {
    const body = assistantPayload(values);
    if (assistant) {
      try {
        await update.mutateAsync({ id: assistant.id, body });
      } catch (error) {
        fail('com_assistants_update_error', error);
        return false;
      }
      showToast({ message: t('com_assistants_update_success'), severity: 'success' });
      return true;
    }
    let created: Assistant;
    try {
      created = await create.mutateAsync(body);
    } catch (error) {
      fail('com_assistants_create_error', error);
      return false;
    }
    showToast({ message: t('com_assistants_create_success'), severity: 'success' });
    if (pendingAvatar) {
      await avatar.mutateAsync({ assistantId: created.id, file: pendingAvatar }).catch(() => {
        showToast({ message: t('com_ui_upload_error'), severity: 'error' });
      });
    }
    edit(created.id);
    return true;
  };

  return { save, pending: create.isPending || update.isPending || avatar.isPending };
}
