import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preset } from '@parley/shared';
import { useConversationStore } from '../../chat/conversation.store';
import { useOpenNewConversation } from '../../endpoints/hooks/use-new-conversation';
import { presetConvertsInPlace } from '../../endpoints/switching';
import { useSettingsStore } from '../../settings/settings.store';
import { showToast } from '../../toast/toast.store';
import { presetToSetup } from '../preset-setup';

/** How long the "selected" toast stays (docs/reference/presets.md (Selecting a preset)). */
export const PRESET_SELECTED_TOAST_MS = 750;

/**
 * Applies a preset: converted in place (messages kept) when the endpoints allow it, else a new
 * conversation with it (docs/reference/presets.md (Selecting a preset)). A short toast confirms it.
 */
export function useSelectPreset() {
  const { t } = useTranslation();
  const openNew = useOpenNewConversation();
  return useCallback(
    (preset: Preset) => {
      showToast({
        message: t('com_endpoint_preset_selected', { title: preset.title }),
        severity: 'success',
        duration: PRESET_SELECTED_TOAST_MS,
      });
      const { conversationId, title, setup, load } = useConversationStore.getState();
      const next = presetToSetup(preset);
      const inPlace = presetConvertsInPlace({
        conversationId,
        currentEndpoint: setup.endpoint,
        presetEndpoint: preset.endpoint,
        modularChat: useSettingsStore.getState().modularChat,
      });
      if (inPlace) load({ conversationId, title, setup: next });
      else openNew(next);
    },
    [t, openNew],
  );
}
