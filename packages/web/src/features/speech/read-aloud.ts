import { TTS_MAX_CHARS } from '@parley/shared';
import { api } from '../../lib/api';
import { useConversationStore } from '../chat/conversation.store';
import { beginReading, endReading, isCurrent, onStop, stopReading } from './read-aloud.store';
import { replyLanguage } from './speech-language';
import { speakableText, speechPieces } from './speech-text';

// Loaded when a speaker button is first pressed, out of the initial JavaScript.

/** Browsers cut off very long utterances (Chrome stops mid-way); a reply is queued in pieces of this size. */
const BROWSER_PIECE_CHARS = 1500;

export interface ReadAloudRequest {
  messageId: string;
  /** The reply's Markdown. */
  markdown: string;
  uiLanguage: string;
  /** The server reads (its text-to-speech is configured) rather than the browser. */
  onServer: boolean;
  /** Reading failed (not stopped): the caller tells the user. */
  onFailure: () => void;
}

// Opening another conversation stops the reading: its button is gone, so nothing on screen could stop it. (Replies
// scrolled out of the list unmount their buttons too, so unmounting cannot be the signal.)
let watching = false;
function stopOnConversationChange(): void {
  if (watching) return;
  watching = true;
  useConversationStore.subscribe((state, before) => {
    if (state.conversationId !== before.conversationId) stopReading();
  });
}

/** Reads a reply aloud, stopping any other reading first. */
export function readAloud(request: ReadAloudRequest): void {
  stopOnConversationChange();
  const text = speakableText(request.markdown);
  const turn = beginReading(request.messageId);
  if (!text) return endReading(turn);
  const lang = replyLanguage(text, request.uiLanguage);
  if (request.onServer) void readOnServer(turn, text, request.onFailure);
  else readInBrowser(turn, text, lang, request.onFailure);
}

/** A voice of `lang` if the browser has one: the exact tag first, then the same language elsewhere. */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
): SpeechSynthesisVoice | null {
  const norm = (tag: string) => tag.replace('_', '-').toLowerCase();
  const wanted = norm(lang);
  const base = wanted.split('-')[0];
  const exact = voices.filter((v) => norm(v.lang) === wanted);
  const near = voices.filter((v) => norm(v.lang).split('-')[0] === base);
  const pool = exact.length > 0 ? exact : near;
  return pool.find((v) => v.localService) ?? pool[0] ?? null;
}

function readInBrowser(turn: number, text: string, lang: string, onFailure: () => void): void {
  const synth = globalThis.speechSynthesis;
  synth.cancel();
  const voice = pickVoice(synth.getVoices(), lang);
  const pieces = speechPieces(text, BROWSER_PIECE_CHARS);
  pieces.forEach((piece, index) => {
    const utterance = new SpeechSynthesisUtterance(piece);
    utterance.lang = voice?.lang ?? lang;
    if (voice) utterance.voice = voice;
    if (index === pieces.length - 1) utterance.onend = () => endReading(turn);
    utterance.onerror = (event) => {
      // `interrupted` and `canceled` are a stop (ours or another reading's), not a failure.
      if (!isCurrent(turn)) return;
      endReading(turn);
      synth.cancel();
      if (event.error !== 'interrupted' && event.error !== 'canceled') onFailure();
    };
    synth.speak(utterance);
  });
  if (!onStop(turn, () => synth.cancel())) synth.cancel();
}

async function readOnServer(turn: number, text: string, onFailure: () => void): Promise<void> {
  const controller = new AbortController();
  let audio: HTMLAudioElement | null = null;
  if (!onStop(turn, () => (controller.abort(), audio?.pause()))) return;
  const fetchPiece = async (input: string): Promise<Blob> => {
    const res = await api.callRaw('textToSpeech', { body: { input } }, { signal: controller.signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.blob();
  };
  const pieces = speechPieces(text, TTS_MAX_CHARS);
  try {
    // The next piece is fetched while one plays, so a long reply reads on without a pause.
    let next: Promise<Blob> | null = fetchPiece(pieces[0]!);
    for (let i = 0; next !== null; i += 1) {
      const blob: Blob = await next;
      next = i + 1 < pieces.length ? fetchPiece(pieces[i + 1]!) : null;
      next?.catch(() => undefined);
      if (!isCurrent(turn)) return;
      audio = new Audio(URL.createObjectURL(blob));
      await play(audio, controller.signal);
    }
    endReading(turn);
  } catch {
    if (!isCurrent(turn)) return;
    endReading(turn);
    onFailure();
  }
}

/** Plays to the end; a stop (abort) settles it quietly. */
function play(audio: HTMLAudioElement, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      URL.revokeObjectURL(audio.src);
      resolve();
    };
    audio.onended = done;
    audio.onerror = () => reject(new Error('audio'));
    signal.addEventListener('abort', done, { once: true });
    audio.play().catch(reject);
  });
}
