import { describe, expect, it } from 'vitest';
import type { Conversation, SearchMessage, SearchPage } from '@parley/shared';
import { groupSearchResults, highlightSegments, snippet } from './search-results';

const convo = (id: string, title: string): Conversation => ({
  conversationId: id,
  title,
  user: 'u',
  endpoint: 'openAI',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

const hit = (id: string, conversationId: string, title: string, text = id): SearchMessage => ({
  messageId: id,
  conversationId,
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  sender: 'User',
  text,
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  endpoint: 'openAI',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  searchResult: true,
  title,
});

const page = (n: number, conversations: Conversation[], messages: SearchMessage[]): SearchPage => ({
  conversations,
  messages,
  pageNumber: n,
  pages: 2,
});

describe('groupSearchResults', () => {
  it('groups messages under their conversation in ranking order, across pages, once each', () => {
    const groups = groupSearchResults([
      page(
        1,
        [convo('b', 'Bee'), convo('a', 'Ay'), convo('t', 'Title only')],
        [hit('m1', 'b', 'Bee'), hit('m2', 'a', 'Ay'), hit('m3', 'b', 'Bee')],
      ),
      page(
        2,
        [convo('a', 'Ay'), convo('c', 'Sea')],
        [hit('m3', 'b', 'Bee'), hit('m4', 'a', 'Ay'), hit('m5', 'c', 'Sea')],
      ),
    ]);
    expect(groups.map((g) => [g.conversationId, g.title, g.messages.map((m) => m.messageId)])).toEqual([
      ['b', 'Bee', ['m1', 'm3']],
      ['a', 'Ay', ['m2', 'm4']],
      ['t', 'Title only', []],
      ['c', 'Sea', ['m5']],
    ]);
  });

  it('still groups a message whose conversation is missing from the page', () => {
    const groups = groupSearchResults([page(1, [], [hit('m1', 'x', 'Lost')])]);
    expect(groups).toEqual([
      {
        conversationId: 'x',
        title: 'Lost',
        endpoint: 'openAI',
        archived: false,
        messages: [expect.anything()],
      },
    ]);
  });
});

describe('highlightSegments', () => {
  it('marks every case-insensitive occurrence of each word', () => {
    expect(highlightSegments('Hello world, HELLO again', 'hello')).toEqual([
      { text: 'Hello', match: true },
      { text: ' world, ', match: false },
      { text: 'HELLO', match: true },
      { text: ' again', match: false },
    ]);
    expect(
      highlightSegments('red fox and blue fox', 'fox red')
        .filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(['red', 'fox', 'fox']);
  });

  it('marks a prefix inside a longer word, and escapes regex characters', () => {
    expect(highlightSegments('helpful', 'hel')).toEqual([
      { text: 'hel', match: true },
      { text: 'pful', match: false },
    ]);
    expect(highlightSegments('cost (a+b)*2', '(a+b)*').filter((s) => s.match)).toEqual([
      { text: '(a+b)*', match: true },
    ]);
  });

  it('marks a two-character Chinese query, and a longer one by its pairs when not found whole', () => {
    expect(highlightSegments('今天天气很好', '天气')).toEqual([
      { text: '今天', match: false },
      { text: '天气', match: true },
      { text: '很好', match: false },
    ]);
    expect(
      highlightSegments('天气不错，今天', '今天天气')
        .filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(['天气', '今天']);
  });

  it('leaves text without a match whole', () => {
    expect(highlightSegments('nothing here', 'zzz')).toEqual([{ text: 'nothing here', match: false }]);
    expect(highlightSegments('', 'x')).toEqual([]);
    expect(highlightSegments('abc', '   ')).toEqual([{ text: 'abc', match: false }]);
  });
});

describe('snippet', () => {
  it('keeps short text, collapsing whitespace', () => {
    expect(snippet('a\n\n  b', 'a')).toBe('a b');
  });

  it('cuts long text around the first match with ellipses', () => {
    const text = `${'x '.repeat(300)}needle ${'y '.repeat(300)}`;
    const cut = snippet(text, 'needle', 100);
    expect(cut).toContain('needle');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(102);
  });

  it('starts at the beginning when the match is early, and ends at the end when it is late', () => {
    const text = `needle ${'y '.repeat(300)}`;
    expect(snippet(text, 'needle', 100).startsWith('needle')).toBe(true);
    const late = `${'x '.repeat(300)}needle`;
    expect(snippet(late, 'needle', 100).endsWith('needle')).toBe(true);
  });
});
