import { FALLBACK_MODEL_LABEL, type Message } from '@parley/shared';
import type { ExportSource } from './export-types';

/**
 * Who wrote a message, as an export names it: the user by their name, a reply by the model that wrote it. A reply's
 * stored sender is a label (the endpoint's usual name, "ChatGPT"), which says little when several models answer;
 * a label the user gave the conversation (modelLabel, chatGptLabel) is kept in front of the model
 * (docs/decisions.md, "Exports start with the conversation").
 */
export function turnLabel(message: Message, source: Pick<ExportSource, 'options' | 'wording'>): string {
  if (message.isCreatedByUser) return source.wording.user;
  const model = message.model?.trim();
  const given = [source.options.modelLabel, source.options.chatGptLabel].includes(message.sender);
  if (model && given && message.sender !== model) return `${message.sender} (${model})`;
  return model || message.sender || FALLBACK_MODEL_LABEL;
}
