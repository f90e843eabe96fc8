import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../lib/storage';
import { EXPORT_TYPES, type ExportChoices } from './export-types';

/** Browser storage key of the last export choices (docs/reference/conversations.md (Exporting a conversation)). */
export const EXPORT_CHOICES_KEY = STORAGE_KEYS.exportChoices;

export const DEFAULT_CHOICES: ExportChoices = {
  type: 'screenshot',
  // Off: an export is read for the conversation; the settings are wanted now and then (docs/decisions.md,
  // "Exports start with the conversation").
  includeOptions: false,
  allBranches: false,
  recursive: true,
};

/**
 * Marks choices saved since "include options" became a choice left off by default. Before, every export saved the
 * old default (on) whether or not the user touched it, so an unmarked value's includeOptions is not theirs.
 */
const CHOICES_VERSION = 2;

/** The choices of the last export, or the defaults; a damaged or partial value falls back field by field. */
export function readChoices(): ExportChoices {
  const stored: Partial<Record<keyof ExportChoices | 'v', unknown>> = storage.get(EXPORT_CHOICES_KEY) ?? {};
  const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  return {
    type: EXPORT_TYPES.includes(stored.type as never)
      ? (stored.type as ExportChoices['type'])
      : DEFAULT_CHOICES.type,
    includeOptions:
      stored.v === CHOICES_VERSION
        ? bool(stored.includeOptions, DEFAULT_CHOICES.includeOptions)
        : DEFAULT_CHOICES.includeOptions,
    allBranches: bool(stored.allBranches, DEFAULT_CHOICES.allBranches),
    recursive: bool(stored.recursive, DEFAULT_CHOICES.recursive),
  };
}

/** Remembers the choices; when storage is full or blocked the next export starts from the defaults. */
export function saveChoices(choices: ExportChoices): void {
  storage.set(EXPORT_CHOICES_KEY, { ...choices, v: CHOICES_VERSION });
}
