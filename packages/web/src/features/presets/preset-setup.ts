import type { Preset, PresetPayload } from '@parley/shared';
import type { ConversationSetup } from '../chat/conversation.store';

/** A preset's own fields, which are not conversation options. */
const PRESET_OWN_FIELDS = [
  'presetId',
  'title',
  'defaultPreset',
  'order',
  'user',
  'createdAt',
  'updatedAt',
] as const;

/** The conversation setup a preset stands for: everything but its own id, title, flags and ownership. */
export function presetToSetup(preset: Preset | PresetPayload): ConversationSetup {
  const copy: Record<string, unknown> = structuredClone(preset);
  for (const key of PRESET_OWN_FIELDS) delete copy[key];
  return copy as ConversationSetup;
}

/** What `POST /api/presets` takes to update a stored preset (server-owned fields left out). */
export function presetToPayload(preset: Preset): PresetPayload {
  const { user: _user, createdAt: _created, updatedAt: _updated, ...payload } = preset;
  return payload;
}

/** A new preset from the conversation on screen; attached files belong to that conversation only. */
export function setupToPayload(setup: ConversationSetup, title: string): PresetPayload {
  const { file_ids: _files, ...options } = setup;
  return { ...options, endpoint: setup.endpoint ?? '', title: title.trim() };
}
