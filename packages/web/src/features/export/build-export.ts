import { buildCsv } from './build-csv';
import { buildJson } from './build-json';
import { buildMarkdown } from './build-markdown';
import { buildText } from './build-text';
import { EXTENSION, type ExportChoices, type ExportSource } from './export-types';

const MIME = {
  text: 'text/plain;charset=utf-8',
  markdown: 'text/markdown;charset=utf-8',
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
} as const;

/** A text export's file: its content, type and full name (the sanitised name plus the extension). */
export function buildTextExport(
  source: ExportSource,
  choices: ExportChoices & { type: Exclude<ExportChoices['type'], 'screenshot'> },
  filename: string,
): { content: string; mime: string; filename: string } {
  const { type, includeOptions, recursive } = choices;
  const content =
    type === 'text'
      ? buildText(source, includeOptions)
      : type === 'markdown'
        ? buildMarkdown(source, includeOptions)
        : type === 'json'
          ? buildJson(source, includeOptions, recursive)
          : buildCsv(source);
  return { content, mime: MIME[type], filename: `${filename}.${EXTENSION[type]}` };
}
