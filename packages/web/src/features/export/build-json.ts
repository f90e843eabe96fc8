import { nestMessages } from './export-messages';
import type { ExportSource } from './export-types';

/**
 * The json export: `{conversationId, title, endpoint, options?, messages}`, messages as the API gives them.
 * Sequential: a flat array in reading order. Recursive: the roots, each reply nested under `children`.
 */
export function buildJson(source: ExportSource, includeOptions: boolean, recursive: boolean): string {
  const document = {
    conversationId: source.conversationId,
    title: source.title,
    endpoint: source.endpoint,
    ...(includeOptions ? { options: source.options } : {}),
    messages: recursive ? nestMessages(source.messages) : source.messages,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
