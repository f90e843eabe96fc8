import { messageText } from '../chat/message-text';
import type { ExportSource } from './export-types';

/** The csv columns, in order. */
export const CSV_FIELDS = [
  'sender',
  'text',
  'isCreatedByUser',
  'error',
  'unfinished',
  'messageId',
  'parentMessageId',
  'createdAt',
] as const;

/**
 * Excel reads a csv without a byte-order mark in the system's code page, which garbles Chinese; with it, as
 * UTF-8 (docs/decisions.md, "A csv export starts with a UTF-8 byte-order mark").
 */
export const UTF8_BOM = '\uFEFF';

/**
 * One field, quoted when it holds a comma, a quote or a line break, quotes doubled (RFC 4180). A field that a
 * spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return: model output can) gets
 * an apostrophe first, which spreadsheets show as text; see
 * docs/decisions.md, "A csv export starts with a UTF-8 byte-order mark".
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The csv export: a header row, then one row per message; CRLF line ends as RFC 4180 has them. */
export function buildCsv(source: ExportSource): string {
  const rows = source.messages.map((m) =>
    [
      m.sender,
      messageText(m),
      String(m.isCreatedByUser),
      String(m.error),
      String(m.unfinished),
      m.messageId,
      m.parentMessageId,
      m.createdAt,
    ]
      .map(csvField)
      .join(','),
  );
  return `${UTF8_BOM}${[CSV_FIELDS.join(','), ...rows].join('\r\n')}\r\n`;
}
