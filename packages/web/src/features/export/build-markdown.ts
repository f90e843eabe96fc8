import { messageText } from '../chat/message-text';
import { optionRows } from './build-text';
import type { ExportSource } from './export-types';

// A pipe would end a table cell and a line break the row.
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
// The title is one heading line; markup characters in it stay literal.
const headingText = (text: string) => text.replace(/\r?\n/g, ' ').replace(/([\\`*_#[\]<>])/g, '\\$1');

/**
 * The Markdown export: `# Title`, a table of the endpoint and its options when asked for, then each message as
 * its sender in bold and its text as it was written (messages are Markdown already).
 */
export function buildMarkdown(source: ExportSource, includeOptions: boolean): string {
  const parts = [`# ${headingText(source.title)}`];
  if (includeOptions) {
    const rows = optionRows(source).map(([name, value]) => `| ${cell(name)} | ${cell(value)} |`);
    parts.push(['| Option | Value |', '| --- | --- |', ...rows].join('\n'));
  }
  for (const m of source.messages) parts.push(`**${headingText(m.sender)}**\n\n${messageText(m)}`);
  return `${parts.join('\n\n')}\n`;
}
