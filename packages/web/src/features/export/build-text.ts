import { messageText } from '../chat/message-text';
import type { ExportSource } from './export-types';
import { turnLabel } from './turn-labels';

/**
 * The endpoint and its options as `[name, value]` rows in the user's language: the endpoint, then the model, then
 * the rest in the order the conversation keeps them (which is not the same for every conversation, so the two a
 * reader looks for first have fixed places).
 */
export function optionRows(source: ExportSource): Array<[string, string]> {
  const { optionName, optionValue } = source.wording;
  const first = ['endpoint', 'model'];
  const model = source.options.model;
  return [
    ['endpoint', source.endpoint] as const,
    ...(model === undefined ? [] : [['model', model] as const]),
    ...Object.entries(source.options).filter(([key]) => !first.includes(key)),
  ].map(([key, value]): [string, string] => [optionName(key), optionValue(key, value)]);
}

/**
 * The plain-text export: the title, then each message as who wrote it (the user's name, the model) on one line and
 * its text under it, a blank line between messages; the endpoint and its options last, when asked for.
 */
export function buildText(source: ExportSource, includeOptions: boolean): string {
  const blocks = [source.title, ...source.messages.map((m) => `${turnLabel(m, source)}:\n${messageText(m)}`)];
  if (includeOptions) {
    const lines = optionRows(source).map(([name, value]) => `${name}: ${value}`);
    blocks.push([source.wording.parameters, ...lines].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}
