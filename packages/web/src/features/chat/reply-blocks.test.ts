import { describe, expect, it } from 'vitest';
import type { ContentPart } from '@parley/shared';
import { replyBlocks } from './reply-blocks';

const text = (value: string): ContentPart => ({ type: 'text', text: { value } });
const step = (id: string, output: string | null): ContentPart => ({
  type: 'tool_call',
  tool_call: {
    id,
    type: 'function',
    name: 'calculator',
    arguments: '{}',
    output,
    progress: output === null ? 0 : 1,
  },
});
const image: ContentPart = {
  type: 'image_file',
  image_file: { file_id: 'f', filepath: '/images/f.png', filename: 'cat.png', width: 8, height: 8 },
};
const kinds = (blocks: ReturnType<typeof replyBlocks>) =>
  blocks?.map((b) =>
    b.kind === 'text' ? `text:${b.text}` : b.kind === 'tool' ? `tool:${b.call.id}` : 'image',
  );

describe('replyBlocks', () => {
  it('is null for a reply without tool steps (it renders from its text)', () => {
    expect(replyBlocks({ text: 'Hi' })).toBeNull();
    expect(replyBlocks({ text: 'Hi', content: [text('Hi')] })).toBeNull();
    expect(replyBlocks({ text: '', content: [image] })).toBeNull();
  });

  it("follows a finished reply's content in order, skipping empty text", () => {
    const content = [
      text('Let me work it out. '),
      step('a', '42'),
      image,
      text(' '),
      step('b', '7'),
      text('It is 42.'),
    ];
    const blocks = replyBlocks({ text: 'Let me work it out.  It is 42.', content });
    expect(kinds(blocks)).toEqual([
      'text:Let me work it out. ',
      'tool:a',
      'image',
      'tool:b',
      'text:It is 42.',
    ]);
    expect(blocks?.map((b) => b.key)).toEqual(['part-0', 'part-1', 'part-2', 'part-4', 'part-5']);
  });

  it('while streaming, puts the text written since the last step after it, keyed as its coming part', () => {
    const content = [text('First. '), step('a', '42')];
    const blocks = replyBlocks({ text: 'First. It is 42', content });
    expect(kinds(blocks)).toEqual(['text:First. ', 'tool:a', 'text:It is 42']);
    expect(blocks?.at(-1)?.key).toBe('part-2');
  });

  it('while streaming, skips a part not received yet', () => {
    const content: ContentPart[] = [];
    content[1] = step('a', null);
    expect(kinds(replyBlocks({ text: '', content }))).toEqual(['tool:a']);
  });

  it('leaves out an image without a path', () => {
    const noPath: ContentPart = { type: 'image_file', image_file: { file_id: 'f' } };
    expect(kinds(replyBlocks({ text: '', content: [step('a', 'done'), noPath] }))).toEqual(['tool:a']);
  });
});

describe("replyBlocks, an assistant's drawings", () => {
  const drew = (fileIds: string[]): ContentPart => ({
    type: 'tool_call',
    tool_call: {
      id: 'ci',
      type: 'code_interpreter',
      name: 'code_interpreter',
      output: 'done',
      progress: 1,
      code_interpreter: {
        input: 'plot()',
        outputs: fileIds.map((file_id) => ({ type: 'image' as const, image: { file_id } })),
      },
    },
  });

  it("shows a code interpreter's images after its step, by their owner-only path", () => {
    const blocks = replyBlocks({ text: 'Here.', content: [drew(['f1', 'f2']), text('Here.')] });
    expect(kinds(blocks)).toEqual(['tool:ci', 'image', 'image', 'text:Here.']);
    expect(blocks![1]).toMatchObject({ image: { file_id: 'f1', filepath: '/api/files/download/f1' } });
  });

  it('an image the reply already holds as its part shows once, as that part', () => {
    const blocks = replyBlocks({ text: '', content: [drew(['f']), image] });
    expect(kinds(blocks)).toEqual(['tool:ci', 'image']);
    expect(blocks![1]).toMatchObject({ image: { filepath: '/images/f.png' } });
  });
});
