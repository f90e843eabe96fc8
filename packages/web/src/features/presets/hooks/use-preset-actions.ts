import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preset } from '@parley/shared';
import { errorText } from '../../../lib/api-error';
import { useOpenNewConversation } from '../../endpoints/hooks/use-new-conversation';
import { showToast } from '../../toast/toast.store';
import { parsePresetFile, presetExportJson, presetFileName } from '../preset-file';
import { presetToPayload, presetToSetup } from '../preset-setup';
import { useClearPresetsMutation, useSavePresetMutation } from '../presets.api';
import { downloadBlob } from '../../../lib/download';

/** The presets menu's actions on one preset or on all of them. */
export function usePresetActions() {
  const { t } = useTranslation();
  const openNew = useOpenNewConversation();
  const save = useSavePresetMutation();
  const clear = useClearPresetsMutation();
  const fail = useCallback(
    (key: string) => (error: unknown) =>
      showToast({ message: `${t(key)} ${errorText(error)}`.trim(), severity: 'error' }),
    [t],
  );

  /**
   * Setting a default also starts a new chat with it; unsetting only clears the flag
   * (docs/reference/presets.md (The default preset)).
   */
  const toggleDefault = (preset: Preset) => {
    const defaultPreset = !preset.defaultPreset;
    save.mutate(
      { ...presetToPayload(preset), defaultPreset },
      {
        onSuccess: () => defaultPreset && openNew(presetToSetup(preset)),
        onError: fail('com_endpoint_preset_save_error'),
      },
    );
  };

  const exportPreset = (preset: Preset) =>
    downloadBlob(
      new Blob([presetExportJson(preset)], { type: 'application/json' }),
      presetFileName(preset.title),
    );

  const importFile = async (file: File) => {
    const payload = parsePresetFile(await file.text());
    if (!payload) {
      showToast({ message: t('com_endpoint_preset_import_invalid'), severity: 'error' });
      return;
    }
    save.mutate(payload, {
      onSuccess: () =>
        showToast({
          message: t('com_endpoint_preset_imported', { title: payload.title }),
          severity: 'success',
        }),
      onError: fail('com_endpoint_preset_import_error'),
    });
  };

  const clearAll = () => clear.mutate(undefined, { onError: fail('com_endpoint_preset_clear_error') });

  return { toggleDefault, exportPreset, importFile, clearAll, clearing: clear.isPending };
}
