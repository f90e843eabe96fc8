import { z } from 'zod';
import { fetchForSetting, ToolError, type Tool } from '../tool';
import { record, list } from '../search/json-shape';
import { requireAuth, serviceText } from '../search/service-http';
import { serviceUrl } from '../search/service-url';
import { parseJsonAnswer } from './image-answer';
import { decodeImage } from './decoded-image';
import { IMAGE_TIMEOUT_MS, imageStepTimeout, type ImageToolOptions } from './image-options';
import { imageFileName } from './image-name';
import { imageOutput } from './image-output';
import { refusalNamed, sdAddress } from './sd-address';

const SERVICE = 'Stable Diffusion';
const URL_FIELD = 'SD_WEBUI_URL';

/** Sampling steps: the web UI's usual default, a fair balance of detail and time on modest hardware. */
const STEPS = 20;
/** How closely the image follows the prompt; 7 is the web UI's default. */
const CFG_SCALE = 7;

const side = (name: string) =>
  z
    .number()
    .int()
    .min(256)
    .max(1536)
    .multipleOf(8, { error: `${name} must be a multiple of 8` })
    .optional()
    .describe(`${name} in pixels, a multiple of 8 from 256 to 1536 (default 512).`);

export const stableDiffusionInput = z.object({
  prompt: z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .describe('What to draw, as comma-separated keywords and phrases (subject, style, lighting, detail).'),
  negative_prompt: z.string().trim().max(2000).optional().describe('What the image must not show.'),
  width: side('width'),
  height: side('height'),
});
export type StableDiffusionInput = z.infer<typeof stableDiffusionInput>;

/** The seed the web UI drew with, from `info` (a JSON text), so the model can mention it; empty when absent. */
function seedOf(info: unknown): string {
  if (typeof info !== 'string') return '';
  try {
    const seed = record(JSON.parse(info)).seed;
    return typeof seed === 'number' ? String(seed) : '';
  } catch {
    return '';
  }
}

/**
 * Stable Diffusion through an AUTOMATIC1111-style web UI's API: `POST {SD_WEBUI_URL}/sdapi/v1/txt2img` with the
 * prompt and size, answered `{images: [base64], info}`; the first image is saved to the user's files. A user may set
 * SD_WEBUI_URL for themselves, so the address is one a user chose and is reached only through the guarded fetch
 * (docs/decisions.md (Image generation tools)).
 */
export function createStableDiffusionTool(
  options: Omit<ImageToolOptions, 'baseUrl'> = {},
): Tool<StableDiffusionInput> {
  return {
    key: 'stable-diffusion',
    timeoutMs: imageStepTimeout(options),
    description:
      'Create an image with Stable Diffusion from a prompt of keywords. Use it when the user asks for a picture, ' +
      'drawing, photo or illustration. The image is shown to the user; you get a short confirmation.',
    input: stableDiffusionInput,
    async run({ prompt, negative_prompt = '', width = 512, height = 512 }, ctx) {
      const { base, headers } = sdAddress(requireAuth(ctx.auth, URL_FIELD, SERVICE), SERVICE, URL_FIELD);
      ctx.progress('Creating image…');
      const answer = await serviceText({
        service: SERVICE,
        url: serviceUrl(base.href, 'sdapi/v1/txt2img'),
        init: {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            prompt,
            negative_prompt,
            steps: STEPS,
            cfg_scale: CFG_SCALE,
            width,
            height,
            batch_size: 1,
            n_iter: 1,
            send_images: true,
            save_images: false,
          }),
        },
        fetch: refusalNamed(fetchForSetting(ctx, URL_FIELD), SERVICE, URL_FIELD),
        signal: ctx.signal,
        timeoutMs: options.timeoutMs ?? IMAGE_TIMEOUT_MS,
        // The web UI answers 404 on this path when it was started without its API.
        readStatuses: [404],
      });
      if (answer.status === 404)
        throw new ToolError(
          `${SERVICE} answered HTTP 404: is ${URL_FIELD} a web UI started with its API enabled (--api)?`,
        );
      const body = record(parseJsonAnswer(SERVICE, answer.text));
      const images = list(body.images);
      if (images.length === 0) throw new ToolError(`${SERVICE} answered no image.`);
      const image = await decodeImage(images[0], SERVICE);
      const part = await ctx.saveFile({
        filename: imageFileName(prompt, 'stable-diffusion', image.extension),
        type: image.type,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
      });
      const seed = seedOf(body.info);
      return { output: imageOutput(SERVICE, image, seed ? [`Seed: ${seed}.`] : []), parts: [part] };
    },
  };
}
