import { BING_TONE_STYLES, STORAGE_KEYS, type EndpointKind } from '@parley/shared';
import { storage } from '../../lib/storage';
import type { ConversationSetup } from '../chat/conversation.store';

/**
 * bingAI's tone and jailbreak are remembered as `lastBingSettings`: every change on a bingAI setup stores them, and
 * a bingAI setup picked from the menu starts with them. A stored value that is not one of the settings' own is
 * ignored, field by field. See docs/reference/settings-and-ui.md (Browser storage)
 */
export function rememberBingSettings(setup: ConversationSetup, kind: EndpointKind | undefined): void {
  if (kind !== 'bingAI') return;
  const next = { jailbreak: setup.jailbreak === true, toneStyle: setup.toneStyle ?? BING_TONE_STYLES[0] };
  const saved = storage.get(STORAGE_KEYS.lastBingSettings);
  if (saved?.jailbreak === next.jailbreak && saved.toneStyle === next.toneStyle) return;
  storage.set(STORAGE_KEYS.lastBingSettings, next);
}

export function withRememberedBing(setup: ConversationSetup, kind: EndpointKind): ConversationSetup {
  if (kind !== 'bingAI') return setup;
  const saved = storage.get(STORAGE_KEYS.lastBingSettings);
  if (!saved) return setup;
  const tone = (BING_TONE_STYLES as readonly unknown[]).includes(saved.toneStyle)
    ? { toneStyle: saved.toneStyle as string }
    : {};
  const jailbreak = typeof saved.jailbreak === 'boolean' ? { jailbreak: saved.jailbreak } : {};
  return { ...setup, ...tone, ...jailbreak };
}
