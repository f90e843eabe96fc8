/** Most images a vision model takes in one message (docs/reference/files.md (Images and vision)). */
export const MAX_VISION_IMAGES = 10;

/**
 * Image token costs (docs/reference/files.md (Images and vision)): a low-detail image, each high-detail 512 px tile,
 * and the base added to each.
 */
export const IMAGE_TOKEN_COSTS = { low: 85, high: 170, additional: 85 } as const;

export const IMAGE_DETAILS = ['low', 'auto', 'high'] as const;
export type ImageDetail = (typeof IMAGE_DETAILS)[number];

/** Model names that take images: by family, so dated variants (gpt-4o-2024-05-13) match too. */
const VISION_MODEL = [
  /gpt-4-vision/,
  /gpt-4-turbo(?!-preview)/,
  /gpt-4o/,
  /gpt-4\.\d/,
  /gpt-5/,
  // OpenAI's reasoning models that see images: o1 (not o1-mini or o1-preview), o3 (not o3-mini), o4-mini.
  /^o1(-\d|$)/,
  /^o3(-\d|-pro|$)/,
  /^o4-mini/,
  /claude-3/,
  /claude-(opus|sonnet|haiku)-[4-9]/,
  /gemini-pro-vision/,
  /gemini-(1\.5|2|3)/,
  /llava/,
  /vision/,
];

/** True when the model's name is one of the families known to accept image parts (docs/decisions.md). */
export function isVisionModel(model: string | null | undefined): boolean {
  const name = (model ?? '').toLowerCase();
  return VISION_MODEL.some((pattern) => pattern.test(name));
}

/**
 * True when a model name matches an operator's pattern: `*` matches any run of characters, the rest is literal, case
 * does not matter (`qwen-vl-*`, `deepseek-vl2`).
 */
export function matchesModelPattern(pattern: string, model: string): boolean {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i').test(model);
}

/**
 * True when a model of an endpoint reads images: a known vision family (`isVisionModel`), or a model the operator
 * marked in the endpoint's `visionModels` (docs/reference/files.md (Images and vision)). The server refuses images
 * for any other model, and the web says so when one is attached.
 */
export function takesImages(
  model: string | null | undefined,
  visionModels: readonly string[] | undefined,
): boolean {
  if (isVisionModel(model)) return true;
  return Boolean(model) && (visionModels ?? []).some((pattern) => matchesModelPattern(pattern, model!));
}

/** The 400 of a send whose images the model cannot read (nothing is saved). */
export const NO_VISION_MESSAGE =
  'This model cannot read images; choose a model that can, or remove the image.';

/**
 * Tokens an image costs in the context (docs/reference/files.md (Images and vision)): 85 at low detail; at high (and
 * auto, counted as high so the budget is never short) the image is fitted within 2048 px, its short side to 768 px, and
 * each 512 px tile costs 170 plus 85 for the image.
 */
export function imageTokenCost(size: { width?: number; height?: number }, detail: ImageDetail): number {
  if (detail === 'low') return IMAGE_TOKEN_COSTS.low;
  let width = size.width ?? DEFAULT_IMAGE_SIZE.width;
  let height = size.height ?? DEFAULT_IMAGE_SIZE.height;
  if (width > 2048 || height > 2048) {
    const scale = 2048 / Math.max(width, height);
    width *= scale;
    height *= scale;
  }
  const shortSide = Math.min(width, height);
  if (shortSide > 768) {
    const scale = 768 / shortSide;
    width *= scale;
    height *= scale;
  }
  const tiles = Math.ceil(width / 512) * Math.ceil(height / 512);
  return IMAGE_TOKEN_COSTS.high * tiles + IMAGE_TOKEN_COSTS.additional;
}

/** Size assumed for an image whose dimensions are unknown (docs/reference/files.md (Images and vision)). */
export const DEFAULT_IMAGE_SIZE = { width: 1920, height: 1080 } as const;
