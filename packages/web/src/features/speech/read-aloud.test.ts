import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickVoice, readAloud } from './read-aloud';
import { useConversationStore } from '../chat/conversation.store';
import { stopReading, useReadAloudStore } from './read-aloud.store';

const voice = (lang: string, name: string, localService = true) =>
  ({ lang, name, localService }) as SpeechSynthesisVoice;

describe('pickVoice', () => {
  const voices = [
    voice('en-GB', 'British'),
    voice('zh-TW', 'Taiwan', false),
    voice('zh_TW', 'Taiwan local'),
    voice('zh-CN', 'Mainland'),
  ];

  it('takes the exact tag first, a local voice before a network one', () => {
    expect(pickVoice(voices, 'zh-TW')?.name).toBe('Taiwan local');
    expect(pickVoice(voices, 'zh-CN')?.name).toBe('Mainland');
  });

  it('falls back to the same language elsewhere, else none', () => {
    expect(pickVoice(voices, 'en-US')?.name).toBe('British');
    expect(pickVoice(voices, 'ko-KR')).toBeNull();
  });
});

describe('readAloud in the browser', () => {
  afterEach(() => {
    stopReading();
    vi.unstubAllGlobals();
  });

  it('speaks the plain text in the reply’s language and clears the state at the end', () => {
    const spoken: Array<{ text: string; lang: string; onend?: () => void }> = [];
    vi.stubGlobal('speechSynthesis', {
      getVoices: () => [voice('ja-JP', 'Kyoko')],
      speak: (u: { text: string; lang: string }) => spoken.push(u),
      cancel: vi.fn(),
    });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    readAloud({
      messageId: 'm1',
      markdown: '**これは**テストです',
      uiLanguage: 'en-US',
      onServer: false,
      onFailure: vi.fn(),
    });
    expect(spoken.map((u) => [u.text, u.lang])).toEqual([['これはテストです', 'ja-JP']]);
    expect(useReadAloudStore.getState().playing).toBe('m1');
    spoken[0]!.onend?.();
    expect(useReadAloudStore.getState().playing).toBeNull();
  });

  it('a reply with nothing to read (only code) starts nothing', () => {
    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', { getVoices: () => [], speak, cancel: vi.fn() });
    readAloud({
      messageId: 'm2',
      markdown: '```\ncode\n```',
      uiLanguage: 'en-US',
      onServer: false,
      onFailure: vi.fn(),
    });
    expect(speak).not.toHaveBeenCalled();
    expect(useReadAloudStore.getState().playing).toBeNull();
  });

  it('opening another conversation stops the reading', () => {
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { getVoices: () => [], speak: vi.fn(), cancel });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    readAloud({
      messageId: 'm3',
      markdown: 'Hello',
      uiLanguage: 'en-US',
      onServer: false,
      onFailure: vi.fn(),
    });
    cancel.mockClear();
    useConversationStore.setState({ conversationId: 'another' });
    expect(useReadAloudStore.getState().playing).toBeNull();
    expect(cancel).toHaveBeenCalled();
  });
});
