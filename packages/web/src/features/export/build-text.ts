import { messageText } from '../chat/message-text';
import type { ExportSource } from './export-types';

/** One option's value as text: strings as they are, anything else as JSON. */
export function optionValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The endpoint and its options as `[name, value]` rows, endpoint first. */
export function optionRows(source: ExportSource): Array<[string, string]> {
  return [
    ['endpoint', source.endpoint],
    ...Object.entries(source.options).map(([k, v]): [string, string] => [k, optionValue(v)]),
  ];
}

/**
 * The plain-text export: the title, the endpoint and its options when asked for, then each message as its
 * sender on one line and its text under it, a blank line between messages.
 */
export function buildText(source: ExportSource, includeOptions: boolean): string {
  const header = [source.title];
  if (includeOptions) for (const [name, value] of optionRows(source)) header.push(`${name}: ${value}`);
  const blocks = source.messages.map((m) => `${m.sender}:\n${messageText(m)}`);
  return `${[header.join('\n'), ...blocks].join('\n\n')}\n`;
}
