import { routeUrl, type ContentPart, type Message } from '@parley/shared';
import type { ToolCallPart } from './tool-step-display';

type ImagePart = Extract<ContentPart, { type: 'image_file' }>['image_file'];

/** One piece of a reply that used tools, in the order it happened. */
export type ReplyBlock =
  | { kind: 'text'; key: string; text: string }
  | { kind: 'tool'; key: string; call: ToolCallPart }
  | { kind: 'image'; key: string; image: ImagePart };

/**
 * The images a code interpreter step drew (its `image` outputs) that the reply does not hold as parts: shown as the
 * reply's images, read by their file's owner-only path (docs/reference/files.md (Reading a file)).
 */
function drawnImages(call: ToolCallPart, key: string, shown: Set<string>): ReplyBlock[] {
  return (call.code_interpreter?.outputs ?? []).flatMap((output, i) => {
    if (output.type !== 'image' || shown.has(output.image.file_id)) return [];
    shown.add(output.image.file_id);
    const fileId = output.image.file_id;
    const path = routeUrl('downloadFile', { file_id: fileId });
    return [{ kind: 'image' as const, key: `${key}-image-${i}`, image: { file_id: fileId, filepath: path } }];
  });
}

/**
 * The blocks of a reply that used tools, or null for one that did not (it renders from its text, as always).
 *
 * Saved and final replies hold their whole `content`: text parts and steps in order. While a reply streams, its text
 * arrives as deltas in `text` and only the steps arrive as parts; the text written before a step is put into the
 * part before it as the step arrives (stream/message-updates.ts, applyContent), so the parts cover a prefix of
 * `text`, and what `text` holds beyond them is the text written since the last step: it goes last. `text` is the text
 * parts joined without a separator (the server appends each delta to both), which is what makes the prefix hold.
 */
export function replyBlocks(message: Pick<Message, 'text' | 'content'>): ReplyBlock[] | null {
  const content = message.content ?? [];
  if (!content.some((part) => part?.type === 'tool_call')) return null;
  const blocks: ReplyBlock[] = [];
  // Images the reply holds as its own parts; a code interpreter's drawing that is not among them shows after its step.
  const shown = new Set(
    content.flatMap((part) => (part?.type === 'image_file' ? [part.image_file.file_id] : [])),
  );
  let covered = 0;
  content.forEach((part, index) => {
    // A hole: a part not yet received (a step's text before it is filled in as the step arrives).
    if (!part) return;
    const key = `part-${index}`;
    if (part.type === 'text') {
      covered += part.text.value.length;
      if (part.text.value.trim()) blocks.push({ kind: 'text', key, text: part.text.value });
    } else if (part.type === 'tool_call') {
      blocks.push({ kind: 'tool', key, call: part.tool_call });
      blocks.push(...drawnImages(part.tool_call, key, shown));
    } else if (part.image_file.filepath) blocks.push({ kind: 'image', key, image: part.image_file });
  });
  const rest = message.text.length > covered ? message.text.slice(covered) : '';
  // Keyed as the text part it becomes in the final content, so it stays mounted when that arrives.
  if (rest.trim()) blocks.push({ kind: 'text', key: `part-${content.length}`, text: rest });
  return blocks;
}
