import { useTranslation } from 'react-i18next';
import type { PresetPayload } from '@parley/shared';
import { errorText } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { useSavePresetMutation } from '../presets.api';

/**
 * Saves a preset with its toasts: '{title} saved', or the save error (docs/reference/presets.md (Saving a preset));
 * `onSaved` on success.
 */
export function useSavePreset() {
  const { t } = useTranslation();
  const save = useSavePresetMutation();
  const run = (preset: PresetPayload & { title: string }, onSaved: () => void) =>
    save.mutate(preset, {
      onSuccess: () => {
        showToast({ message: t('com_endpoint_preset_saved', { title: preset.title }), severity: 'success' });
        onSaved();
      },
      onError: (err) =>
        showToast({
          message: `${t('com_endpoint_preset_save_error')} ${errorText(err)}`.trim(),
          severity: 'error',
        }),
    });
  return { run, isPending: save.isPending };
}
