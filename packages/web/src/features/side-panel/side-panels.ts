import type { EndpointsConfig } from '@parley/shared';
import type { SidePanelId } from './side-panel.store';

/** The user's key for the assistants endpoint, as far as the web knows it. */
export interface AssistantsKey {
  /** The operator made the endpoint take each user's own key. */
  required: boolean;
  /** Whether one is stored; null while unknown. */
  stored: boolean | null;
  expiresAt: string | null;
}

/**
 * Whether the assistants builder shows (docs/reference/assistants.md (Settings)): the assistants
 * endpoint exists, the operator has not set `disableBuilder`, and a key the user must supply is set and unexpired.
 */
export function builderAvailable(
  config: EndpointsConfig | undefined,
  key: AssistantsKey,
  now: number = Date.now(),
): boolean {
  const endpoint = config?.assistants;
  if (!endpoint || endpoint.disableBuilder === true) return false;
  if (!key.required) return true;
  if (key.stored !== true) return false;
  return key.expiresAt === null || Date.parse(key.expiresAt) > now;
}

/** The panels on offer, in the strip's order, and the one to show: the remembered one if offered, else the first. */
export function sidePanels(
  builder: boolean,
  remembered: SidePanelId,
): { panels: SidePanelId[]; active: SidePanelId } {
  const panels: SidePanelId[] = builder ? ['assistants', 'files'] : ['files'];
  return { panels, active: panels.includes(remembered) ? remembered : panels[0]! };
}
