import { create } from 'zustand';

/**
 * Which reply is being read aloud: one at a time (docs/reference/speech.md (Reading a reply aloud)). Starting one
 * stops the one before; each reading is a turn with its own number, so a stopped reading that reports its end late
 * does not clear the one that replaced it.
 */
interface ReadAloudState {
  /** The message being read, or null. */
  playing: string | null;
}

export const useReadAloudStore = create<ReadAloudState>()(() => ({ playing: null }));

let turn = 0;
let stopCurrent: (() => void) | null = null;

/** Stops whatever is being read and makes `messageId` the one playing; answers the new turn's number. */
export function beginReading(messageId: string): number {
  stopReading();
  turn += 1;
  useReadAloudStore.setState({ playing: messageId });
  return turn;
}

/**
 * Gives the turn its way to stop (known once the engine has started). False when the turn was stopped or replaced
 * meanwhile: the caller stops at once.
 */
export function onStop(myTurn: number, stop: () => void): boolean {
  if (myTurn !== turn || useReadAloudStore.getState().playing === null) return false;
  stopCurrent = stop;
  return true;
}

/** Whether `myTurn` is still the current reading (a stopped one ends its loop). */
export function isCurrent(myTurn: number): boolean {
  return myTurn === turn && useReadAloudStore.getState().playing !== null;
}

/** The reading of `myTurn` ended by itself (or failed); nothing happens if another has replaced it. */
export function endReading(myTurn: number): void {
  if (myTurn !== turn) return;
  stopCurrent = null;
  useReadAloudStore.setState({ playing: null });
}

/** Stops the current reading, if any. */
export function stopReading(): void {
  const stop = stopCurrent;
  stopCurrent = null;
  turn += 1;
  if (useReadAloudStore.getState().playing !== null) useReadAloudStore.setState({ playing: null });
  stop?.();
}
