import { messageText } from '../chat/message-text';
import { optionRows } from './build-text';
import type { ExportSource } from './export-types';
import { turnLabel } from './turn-labels';

// A pipe would end a table cell and a line break the row.
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
// A title or a name is one line; markup characters in it stay literal.
const inlineText = (text: string) => text.replace(/\r?\n/g, ' ').replace(/([\\`*_#[\]<>])/g, '\\$1');

/**
 * The Markdown export: `# Title`, then the conversation, each message as who wrote it in bold (the user's name, the
 * model) and its text as it was written (messages are Markdown already). When asked for, the endpoint and its
 * options follow the conversation as a table in the user's language, after a rule.
 */
export function buildMarkdown(source: ExportSource, includeOptions: boolean): string {
  const parts = [`# ${inlineText(source.title)}`];
  for (const m of source.messages) parts.push(`**${inlineText(turnLabel(m, source))}**\n\n${messageText(m)}`);
  if (includeOptions) {
    const { parameters, name, value } = source.wording;
    const rows = optionRows(source).map(([n, v]) => `| ${cell(n)} | ${cell(v)} |`);
    parts.push(
      '---',
      `## ${inlineText(parameters)}`,
      [`| ${cell(name)} | ${cell(value)} |`, '| --- | --- |', ...rows].join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}
