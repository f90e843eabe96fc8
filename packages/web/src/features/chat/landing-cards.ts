import {
  contextWindowOf,
  fileLimitsFor,
  IMAGE_MIME_TYPES,
  isSupportedMimeType,
  takesImages,
  type EndpointsConfig,
  type FileConfig,
  type ModelsConfig,
} from '@parley/shared';

/**
 * What a landing card needs of the model (docs/reference/settings-and-ui.md (The chat screen)), decided only from
 * what Parley already knows of a model: any model chats; `vision` is a model that takes images
 * (`takesImages`, the rule that decides whether images are sent: a known vision family or a model the operator marked)
 * on an endpoint whose uploads take images;
 * `longContext` is a model whose context window (`contextWindowOf`, the history budget's table) holds a long text.
 */
export type CardNeed = 'any' | 'vision' | 'longContext';

/** Tokens of context from which a model takes a long text (a report, a chapter) in one go. */
export const LONG_CONTEXT_TOKENS = 100_000;

export interface LandingCard {
  /** Its i18n keys are `com_ui_chat_example_{id}_title`, `_hint` and `_prompt`. */
  id: 'plan' | 'code' | 'image' | 'summary';
  needs: CardNeed;
}

/** The four cards, in their order on the landing (docs/decisions.md, "Everyday chat (landing cards)"). */
export const LANDING_CARDS: readonly LandingCard[] = [
  { id: 'plan', needs: 'any' },
  { id: 'code', needs: 'any' },
  { id: 'image', needs: 'vision' },
  { id: 'summary', needs: 'longContext' },
];

export interface ModelChoice {
  endpoint: string;
  model: string;
}

export interface CardContext {
  /** The setup on screen (nothing while a new chat is still being set up). */
  current: { endpoint?: string | undefined; model?: string | null | undefined };
  config: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  fileConfig: FileConfig;
}

/** Whether a model of an endpoint meets a need (`config` names the models the operator marked as reading images). */
export function meetsNeed(
  need: CardNeed,
  choice: ModelChoice,
  fileConfig: FileConfig,
  config?: EndpointsConfig,
): boolean {
  if (need === 'longContext') return contextWindowOf(choice.model) >= LONG_CONTEXT_TOKENS;
  if (need === 'vision') {
    const limits = fileLimitsFor(fileConfig, choice.endpoint);
    const uploadsImages =
      !limits.disabled &&
      IMAGE_MIME_TYPES.some((type) => isSupportedMimeType(type, limits.supportedMimeTypes));
    return uploadsImages && takesImages(choice.model, config?.[choice.endpoint]?.visionModels);
  }
  return true;
}

/**
 * Where a card leads: `'current'` when the model on screen meets its need (it is kept); else the first model that
 * does, looking at the current endpoint's other models first, then the other endpoints in menu order, those with
 * the operator's key before those that need the user's own; null when no configured model does (the card is
 * hidden). A card any model can do never switches.
 */
export function cardTarget(need: CardNeed, ctx: CardContext): ModelChoice | 'current' | null {
  const { current, config, models, fileConfig } = ctx;
  if (need === 'any') return 'current';
  if (current.endpoint && current.model) {
    if (meetsNeed(need, { endpoint: current.endpoint, model: current.model }, fileConfig, config))
      return 'current';
  }
  if (!config) return null;
  const rank = (name: string) =>
    name === current.endpoint ? -1 : config[name]!.order + (config[name]!.userProvide ? 10_000 : 0);
  const endpoints = Object.keys(config).sort((a, b) => rank(a) - rank(b));
  for (const endpoint of endpoints) {
    for (const model of models?.[endpoint] ?? []) {
      if (meetsNeed(need, { endpoint, model }, fileConfig, config)) return { endpoint, model };
    }
  }
  return null;
}
