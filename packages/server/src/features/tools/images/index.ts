import { createDalleTool } from './dalle';
import { createStableDiffusionTool } from './stable-diffusion';

export { createDalleTool, createStableDiffusionTool };
export { IMAGE_TIMEOUT_MS, type ImageToolOptions } from './image-options';

/** The image generation tools' factories, in the plugin catalogue's order; each builds its tool. */
export const imageTools = [createDalleTool, createStableDiffusionTool] as const;
