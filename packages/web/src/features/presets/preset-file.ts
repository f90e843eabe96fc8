import { presetPayloadSchema, type Preset, type PresetPayload } from '@parley/shared';
import { presetToPayload } from './preset-setup';

const MAX_NAME_LENGTH = 120;
// Characters no common file system accepts in a name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A file name for a preset export, `{title}.json` made safe (docs/reference/presets.md (Import and export)):
 * unsafe characters become '_', whitespace collapses, leading dots and trailing dots or spaces go, Windows
 * device names are suffixed, and the length is capped. Letters of any script are kept.
 */
export function presetFileName(title: string): string {
  let name = title.replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  name = name.replace(/^\.+/, '').replace(/[. ]+$/, '');
  name = Array.from(name).slice(0, MAX_NAME_LENGTH).join('').trim();
  if (WINDOWS_RESERVED.test(name)) name = `${name}_`;
  return `${name || 'preset'}.json`;
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
