import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('prefers the conversation title', () => {
    expect(documentTitle('Trip to Hangzhou', 'Parley', 'Chat')).toBe('Trip to Hangzhou');
  });
  it('falls back to the app title, then to Chat', () => {
    expect(documentTitle(null, 'Parley', 'Chat')).toBe('Parley');
    expect(documentTitle('   ', '', 'Chat')).toBe('Chat');
    expect(documentTitle(undefined, undefined, 'Chat')).toBe('Chat');
  });
});
