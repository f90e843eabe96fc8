import { presetPayloadSchema, type Preset, type PresetPayload } from '@parley/shared';
import { safeFileName } from '../../lib/safe-file-name';
import { presetToPayload } from './preset-setup';

/**
 * A file name for a preset export, `{title}.json` made safe (docs/reference/presets.md (Import and export)): unsafe
 * characters become '_', and the rest as lib/safe-file-name.ts does it, at most 120 characters.
 */
export function presetFileName(title: string): string {
  return `${safeFileName(title, { replacement: '_', maxLength: 120, fallback: 'preset' })}.json`;
}

/** The JSON a preset exports to: its settings and title, without the server's bookkeeping. */
export function presetExportJson(preset: Preset): string {
  return JSON.stringify(presetToPayload(preset), null, 2);
}

/**
 * Reads an imported preset file. Import always saves a new preset (presetId null,
 * docs/reference/presets.md (Import and export)) and never steals the default flag. Null when the text is not JSON or
 * not a preset.
 */
export function parsePresetFile(text: string): PresetPayload | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const parsed = presetPayloadSchema.safeParse({ ...data, presetId: null, defaultPreset: false });
  return parsed.success ? parsed.data : null;
}
