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

/**
 * The words a text or Markdown export is written in: the user's language, chosen by the dialog
 * (docs/reference/conversations.md (Exporting a conversation)). The builders stay pure; the dialog translates.
 */
export interface ExportWording {
  /** The user's turns: their display name, else "You" in their language. */
  user: string;
  /** The parameters part's heading and its table's two column names. */
  parameters: string;
  name: string;
  value: string;
  /** An option's name as the settings panel shows it; the key itself when the panel has no label for it. */
  optionName: (key: string) => string;
  /** An option's value as text: endpoint names, choices and yes or no translated, numbers and text as they are. */
  optionValue: (key: string, value: unknown) => string;
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
  wording: ExportWording;
}
