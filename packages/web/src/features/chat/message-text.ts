import type { Message } from '@parley/shared';

/** The readable text of a message: its text, else its text content parts (assistants replies) joined. */
export function messageText(message: Pick<Message, 'text' | 'content'>): string {
  if (message.text) return message.text;
  const parts = (message.content ?? []).flatMap((part) => (part.type === 'text' ? [part.text.value] : []));
  return parts.join('\n\n');
}

/** The image files of a message that can be shown as thumbnails. */
export function imageFiles(message: Pick<Message, 'files'>) {
  return (message.files ?? []).filter((f) => Boolean(f.filepath) && (f.type ?? '').startsWith('image/'));
}
