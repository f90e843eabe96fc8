import { takesImages, type EndpointsConfig } from '@parley/shared';
import { cardTarget, type CardContext, type ModelChoice } from './landing-cards';

export interface VisionCheck {
  /** The message box's files (their MIME types). */
  files: readonly { type: string }[];
  ctx: CardContext;
}

/** What the message box says of its images: nothing, or that the model can't read them and which one can. */
export type VisionAdvice = null | { model: string; switchTo: ModelChoice | null };

const isImage = (type: string) => type.startsWith('image/');

/**
 * Whether the images in the message box reach the model (docs/reference/files.md (Images and vision)): when one is
 * attached and the current model does not read images (`takesImages`, with the operator's marks from
 * `GET /api/endpoints`), the box says so and offers the model the landing's image card would pick (the current
 * endpoint's models first); the server would refuse the send. Nothing while the endpoint or model is still unknown.
 */
export function visionAdvice({ files, ctx }: VisionCheck): VisionAdvice {
  const { endpoint, model } = ctx.current;
  if (!endpoint || !model || !files.some((f) => isImage(f.type))) return null;
  if (takesImages(model, visionModelsOf(ctx.config, endpoint))) return null;
  const target = cardTarget('vision', ctx);
  return { model, switchTo: target && target !== 'current' ? target : null };
}

const visionModelsOf = (config: EndpointsConfig | undefined, endpoint: string) =>
  config?.[endpoint]?.visionModels;
