import { describe, expect, it } from 'vitest';
import { routeState, searchPath } from './route-state';

describe('routeState', () => {
  it('reads the conversation id of /c/ and /chat/', () => {
    expect(routeState('/c/abc-123')).toEqual({ conversationId: 'abc-123' });
    expect(routeState('/chat/abc-123')).toEqual({ conversationId: 'abc-123' });
    expect(routeState('/c/new')).toEqual({ conversationId: 'new' });
    expect(routeState('/c')).toEqual({ conversationId: 'new' });
  });

  it('reads and decodes the search query', () => {
    expect(routeState('/search/hello%20world')).toEqual({ searchQuery: 'hello world' });
    expect(routeState(`/search/${encodeURIComponent('天气')}`)).toEqual({ searchQuery: '天气' });
    expect(routeState('/search/')).toEqual({ searchQuery: '' });
    expect(routeState('/search/100%25')).toEqual({ searchQuery: '100%' });
    expect(routeState('/search/100%')).toEqual({ searchQuery: '100%' });
  });

  it('is empty elsewhere', () => {
    expect(routeState('/help')).toEqual({});
    expect(routeState('/')).toEqual({});
  });
});

describe('searchPath', () => {
  it('encodes the trimmed query, and sends an empty one to /c/new', () => {
    expect(searchPath('  a/b ?')).toBe('/search/a%2Fb%20%3F');
    expect(searchPath('天气')).toBe(`/search/${encodeURIComponent('天气')}`);
    expect(searchPath('   ')).toBe('/c/new');
    expect(searchPath('')).toBe('/c/new');
  });
});
