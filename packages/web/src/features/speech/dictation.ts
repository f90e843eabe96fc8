import { api } from '../../lib/api';

// Loaded when the microphone button is first pressed, out of the initial JavaScript.

export type DictationFailure = 'denied' | 'no-speech' | 'failed';

export interface DictationHandlers {
  /** What was heard so far: the settled words and the guess still being made (shown, then replaced). */
  onText(settled: string, interim: string): void;
  /** The server is transcribing the recording. */
  onTranscribing(): void;
  onFailure(failure: DictationFailure): void;
  /** Dictation is over (stopped, failed, or the engine ended it after a silence). */
  onEnd(): void;
}

/** Starts dictating; answers the function that stops it (the words heard so far are kept). */
export type StartDictation = (lang: string, handlers: DictationHandlers) => () => void;

interface RecognitionResult {
  readonly isFinal: boolean;
  readonly 0: { transcript: string };
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<RecognitionResult> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionCtor = new () => Recognition;

/** The browser's own recognition (SpeechRecognition, prefixed in Chrome and Safari). */
export const dictateInBrowser: StartDictation = (lang, handlers) => {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionCtor;
    webkitSpeechRecognition?: RecognitionCtor;
  };
  const Ctor = (scope.SpeechRecognition ?? scope.webkitSpeechRecognition)!;
  const recognition = new Ctor();
  recognition.lang = lang;
  recognition.interimResults = true;
  recognition.continuous = true;
  recognition.onresult = (event) => {
    let settled = '';
    let interim = '';
    for (const result of Array.from(event.results)) {
      if (result.isFinal) settled += result[0].transcript;
      else interim += result[0].transcript;
    }
    handlers.onText(settled.trim(), interim.trim());
  };
  recognition.onerror = (event) => {
    if (event.error === 'aborted') return;
    if (event.error === 'not-allowed' || event.error === 'service-not-allowed') handlers.onFailure('denied');
    else if (event.error === 'no-speech') handlers.onFailure('no-speech');
    else handlers.onFailure('failed');
  };
  recognition.onend = () => handlers.onEnd();
  recognition.start();
  return () => recognition.stop();
};

/** Records the microphone and has the server transcribe it when stopped. */
export const dictateOnServer: StartDictation = (lang, handlers) => {
  let recorder: MediaRecorder | null = null;
  let stopped = false;
  const chunks: Blob[] = [];
  const transcribe = async (type: string) => {
    handlers.onTranscribing();
    try {
      const form = new FormData();
      form.append('language', lang.split('-')[0]!.toLowerCase());
      form.append('audio', new Blob(chunks, { type }), 'dictation.webm');
      const { text } = await api.call('speechToText', {}, { form });
      if (text.trim()) handlers.onText(text.trim(), '');
      else handlers.onFailure('no-speech');
    } catch {
      handlers.onFailure('failed');
    }
    handlers.onEnd();
  };
  void (async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      handlers.onFailure((error as Error).name === 'NotAllowedError' ? 'denied' : 'failed');
      return handlers.onEnd();
    }
    if (stopped) {
      stream.getTracks().forEach((t) => t.stop());
      return handlers.onEnd();
    }
    recorder = new MediaRecorder(stream);
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      void transcribe(recorder?.mimeType || 'audio/webm');
    };
    recorder.start();
  })();
  return () => {
    stopped = true;
    if (recorder?.state === 'recording') recorder.stop();
  };
};
