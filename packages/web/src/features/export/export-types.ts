import type { Message } from '@parley/shared';

/** The download formats (docs/reference/conversations.md (Exporting a conversation)). */
export const EXPORT_TYPES = ['screenshot', 'text', 'markdown', 'json', 'csv'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXTENSION: Record<ExportType, string> = {
  screenshot: 'png',
  text: 'txt',
  markdown: 'md',
  json: 'json',
  csv: 'csv',
};

/** The dialog's choices. */
export interface ExportChoices {
  type: ExportType;
  includeOptions: boolean;
  allBranches: boolean;
  /** json only: messages nested under their parents (`children`) rather than a flat list. */
  recursive: boolean;
}

/**
 * Which choices a type uses: a screenshot is the branch as rendered, so only its name can change; a csv has fixed
 * columns, so no options (docs/decisions.md, "What the export dialog's choices apply to").
 */
export function enabledChoices(type: ExportType): {
  includeOptions: boolean;
  allBranches: boolean;
  recursive: boolean;
} {
  return {
    includeOptions: type !== 'screenshot' && type !== 'csv',
    allBranches: type !== 'screenshot',
    recursive: type === 'json',
  };
}

/** What the text builders read: the conversation's record and the messages to write. */
export interface ExportSource {
  conversationId: string;
  title: string;
  endpoint: string;
  /** The conversation's endpoint options (model, temperature…), only unset ones left out. */
  options: Record<string, unknown>;
  /** Root to leaf: the branch on screen, or every message (all branches) in tree order. */
  messages: Message[];
}
