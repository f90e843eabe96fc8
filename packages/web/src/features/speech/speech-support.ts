// What this browser can do by itself (docs/reference/speech.md (Where the buttons show)); small, so the buttons
// can decide whether to show without loading the speech code.

/** The browser reads text aloud (Web Speech synthesis). */
export function browserCanSpeak(): boolean {
  return (
    typeof window !== 'undefined' &&
    Boolean(window.speechSynthesis) &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** The browser transcribes speech itself (Web Speech recognition, prefixed in Chrome and Safari). */
export function browserCanListen(): boolean {
  if (typeof window === 'undefined') return false;
  const scope = window as unknown as Record<string, unknown>;
  return typeof (scope.SpeechRecognition ?? scope.webkitSpeechRecognition) === 'function';
}

/** The browser can record the microphone, for the server to transcribe. */
export function browserCanRecord(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function'
  );
}
