import { Loader2, Mic, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatInputStore } from '../../chat/chat-input.store';
import { showToast } from '../../toast/toast.store';
import type { DictationFailure } from '../dictation';
import { speechTag } from '../speech-language';
import { useSpeechConfig } from '../speech.api';
import { browserCanListen, browserCanRecord } from '../speech-support';

type Phase = 'idle' | 'listening' | 'transcribing';

const FAILURE_KEYS: Record<DictationFailure, string> = {
  denied: 'com_speech_mic_denied',
  'no-speech': 'com_speech_no_speech',
  failed: 'com_speech_dictation_failed',
};

/** The box's text with the dictated words after it. */
function joined(before: string, heard: string): string {
  if (!heard) return before;
  if (!before) return heard;
  return /\s$/.test(before) ? `${before}${heard}` : `${before} ${heard}`;
}

/**
 * The microphone in the message box (docs/reference/speech.md (Dictation)): dictates into the box in the interface
 * language, the words shown as they are heard; a second press or Esc stops. Hidden where neither the browser nor the
 * server can listen.
 */
export function DictationButton({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { sttExternal } = useSpeechConfig();
  const [phase, setPhase] = useState<Phase>('idle');
  const stopRef = useRef<(() => void) | null>(null);

  // Esc stops, wherever the focus is; and leaving the page stops the microphone.
  useEffect(() => {
    if (phase !== 'listening') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stopRef.current?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase]);
  useEffect(() => () => stopRef.current?.(), []);

  const onServer = sttExternal && browserCanRecord();
  if (!onServer && !browserCanListen()) return null;

  const start = async () => {
    const { dictateInBrowser, dictateOnServer } = await import('../dictation');
    const before = useChatInputStore.getState().draft;
    const { setDraft, requestFocus } = useChatInputStore.getState();
    setPhase('listening');
    const dictate = onServer ? dictateOnServer : dictateInBrowser;
    stopRef.current = dictate(speechTag(i18n.resolvedLanguage ?? i18n.language), {
      onText: (settled, interim) => setDraft(joined(before, [settled, interim].filter(Boolean).join(' '))),
      onTranscribing: () => setPhase('transcribing'),
      onFailure: (failure) => showToast({ message: t(FAILURE_KEYS[failure]), severity: 'error' }),
      onEnd: () => {
        stopRef.current = null;
        setPhase('idle');
        requestFocus();
      },
    });
  };

  const listening = phase === 'listening';
  const label = listening ? t('com_speech_stop_dictation') : t('com_speech_dictate');
  return (
    <>
      <button
        type="button"
        aria-label={phase === 'transcribing' ? t('com_speech_transcribing') : label}
        title={label}
        disabled={disabled || phase === 'transcribing'}
        onClick={() => (listening ? stopRef.current?.() : void start())}
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-50 ${
          listening
            ? 'bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:hover:bg-red-600'
            : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100'
        }`}
      >
        {phase === 'transcribing' ? (
          <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : listening ? (
          <Square className="size-3.5 fill-current" aria-hidden="true" />
        ) : (
          <Mic className="size-5" aria-hidden="true" />
        )}
      </button>
      <span role="status" className="sr-only">
        {listening ? t('com_speech_listening') : phase === 'transcribing' ? t('com_speech_transcribing') : ''}
      </span>
    </>
  );
}
