import { useTranslation } from 'react-i18next';
import type { Preset } from '@parley/shared';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { errorText } from '../../../lib/api-error';
import { api } from '../../../lib/api';
import { queryClient as client, queryKeys } from '../../../lib/query-client';
import { showToast } from '../../toast/toast.store';
import { deleteWithUndo } from '../../undo/undo-delete';

/**
 * `POST /api/presets/delete` for one preset, sent when its undo window ends (`keepalive` when the page is being
 * left); then the list drops it and is fetched again (docs/reference/presets.md (Listing and deleting)).
 */
async function sendPresetDelete(presetId: string, keepalive: boolean): Promise<void> {
  try {
    await api.call('deletePresets', { body: { arg: { presetId } } }, { keepalive });
    client.setQueryData<Preset[]>(queryKeys.presets, (list) => list?.filter((p) => p.presetId !== presetId));
  } finally {
    void client.invalidateQueries({ queryKey: queryKeys.presets });
  }
}

interface DeletePresetProps {
  preset: Preset;
  onClose: () => void;
}

/**
 * Confirm, then the preset leaves the list at once and a toast offers Undo; the delete is sent when the undo window
 * ends (docs/decisions.md (The delete waits instead of being undone on the server)).
 */
export function DeletePreset({ preset, onClose }: DeletePresetProps) {
  const { t } = useTranslation();

  const confirm = () => {
    onClose();
    deleteWithUndo({
      key: `preset:${preset.presetId}`,
      message: t('com_endpoint_preset_deleted', { title: preset.title }),
      undoLabel: t('com_ui_undo'),
      send: (keepalive) =>
        sendPresetDelete(preset.presetId, keepalive).catch((error: unknown) =>
          showToast({
            message: `${t('com_endpoint_preset_delete_error')} ${errorText(error)}`.trim(),
            severity: 'error',
          }),
        ),
    });
  };

  return (
    <ConfirmDeleteDialog
      title={preset.title}
      headingKey="com_endpoint_preset_delete_title"
      bodyKey="com_endpoint_preset_delete_body"
      testId="delete-preset-dialog"
      open
      pending={false}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={confirm}
    />
  );
}
