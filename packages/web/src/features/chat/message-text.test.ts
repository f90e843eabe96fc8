import { describe, expect, it } from 'vitest';
import { imageFiles, messageText } from './message-text';

describe('messageText', () => {
  it('prefers the text, else joins the text content parts', () => {
    expect(messageText({ text: 'hello' })).toBe('hello');
    expect(
      messageText({
        text: '',
        content: [
          { type: 'text', text: { value: 'one' } },
          { type: 'tool_call', tool_call: { id: 't', type: 'code_interpreter' } },
          { type: 'text', text: { value: 'two' } },
        ],
      }),
    ).toBe('one\n\ntwo');
    expect(messageText({ text: '' })).toBe('');
  });
});

describe('imageFiles', () => {
  it('keeps image files that have a path', () => {
    const files = [
      { file_id: 'a', filepath: '/images/a.png', type: 'image/png' },
      { file_id: 'b', filepath: '/files/b.pdf', type: 'application/pdf' },
      { file_id: 'c', type: 'image/png' },
    ];
    expect(imageFiles({ files }).map((f) => f.file_id)).toEqual(['a']);
    expect(imageFiles({})).toEqual([]);
  });
});
