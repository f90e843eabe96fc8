import { Square, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../chat/components/action-button';
import { showToast } from '../../toast/toast.store';
import { stopReading, useReadAloudStore } from '../read-aloud.store';
import { useSpeechConfig } from '../speech.api';
import { browserCanSpeak } from '../speech-support';

/**
 * The speaker under a reply (docs/reference/speech.md (Reading a reply aloud)): reads it, or stops it. Hidden
 * where neither the browser nor the server can speak.
 */
export function ReadAloudButton({ messageId, markdown }: { messageId: string; markdown: string }) {
  const { t, i18n } = useTranslation();
  const { ttsExternal } = useSpeechConfig();
  const playing = useReadAloudStore((s) => s.playing === messageId);
  if (!ttsExternal && !browserCanSpeak()) return null;

  const toggle = async () => {
    if (playing) return stopReading();
    const { readAloud } = await import('../read-aloud');
    readAloud({
      messageId,
      markdown,
      uiLanguage: i18n.resolvedLanguage ?? i18n.language,
      onServer: ttsExternal,
      onFailure: () => showToast({ message: t('com_speech_read_failed'), severity: 'error' }),
    });
  };

  const label = playing ? t('com_speech_stop_reading') : t('com_speech_read_aloud');
  return (
    <ActionButton label={label} onClick={() => void toggle()}>
      {playing ? (
        <Square className="size-3.5 fill-current text-teal-700 dark:text-teal-400" aria-hidden="true" />
      ) : (
        <Volume2 className="size-4" aria-hidden="true" />
      )}
    </ActionButton>
  );
}
