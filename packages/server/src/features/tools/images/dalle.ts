import { z } from 'zod';
import { ToolError, type Tool } from '../tool';
import { record, list, text } from '../search/json-shape';
import { requireAuth, serviceText } from '../search/service-http';
import { serviceUrl } from '../search/service-url';
import { decodeImage } from './decoded-image';
import { IMAGE_TIMEOUT_MS, imageStepTimeout, type ImageToolOptions } from './image-options';
import { imageFileName } from './image-name';
import { imageOutput } from './image-output';
import { refusalMessage, parseJsonAnswer } from './image-answer';

const SERVICE = 'DALL-E 3';
const KEY_FIELD = 'DALLE3_API_KEY||DALLE_API_KEY';
export const OPENAI_IMAGES_BASE_URL = 'https://api.openai.com';

export const dalleInput = z.object({
  prompt: z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .describe('What to draw, in detail: subject, setting, style, mood.'),
  size: z
    .enum(['1024x1024', '1792x1024', '1024x1792'])
    .optional()
    .describe('Square (default), wide or tall.'),
  quality: z.enum(['standard', 'hd']).optional().describe('hd: finer detail, slower.'),
  style: z
    .enum(['vivid', 'natural'])
    .optional()
    .describe('vivid (default): dramatic; natural: more realistic.'),
});
export type DalleInput = z.infer<typeof dalleInput>;

/**
 * The images endpoint under `base`. An operator's proxy (DALLE_REVERSE_PROXY) is often written with the API's
 * `/v1` already in it, as OpenAI clients take their base URL; both forms reach the same path.
 */
function generationsUrl(base: string): URL {
  let pathname: string;
  try {
    pathname = new URL(base).pathname;
  } catch {
    throw new ToolError(`${SERVICE} is not configured: DALLE_REVERSE_PROXY is not a valid URL.`);
  }
  const v1 = pathname.replace(/\/+$/, '').endsWith('/v1') ? '' : 'v1/';
  return serviceUrl(base, `${v1}images/generations`);
}

/**
 * DALL-E 3 through OpenAI's images API: `POST {base}/v1/images/generations` with the key as a bearer token, one
 * image answered as `b64_json` (no second download from a URL that expires), saved to the user's files. `baseUrl`
 * is the operator's DALLE_REVERSE_PROXY when set.
 */
export function createDalleTool(options: ImageToolOptions = {}): Tool<DalleInput> {
  return {
    key: 'dalle',
    timeoutMs: imageStepTimeout(options),
    description:
      'Create an image with DALL-E 3 from a detailed description. Use it when the user asks for a picture, ' +
      'drawing, photo or illustration. The image is shown to the user; you get a short confirmation.',
    input: dalleInput,
    async run({ prompt, size = '1024x1024', quality = 'standard', style = 'vivid' }, ctx) {
      const key = requireAuth(ctx.auth, KEY_FIELD, SERVICE);
      ctx.progress('Creating image…');
      const answer = await serviceText({
        service: SERVICE,
        url: generationsUrl(options.baseUrl ?? OPENAI_IMAGES_BASE_URL),
        init: {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'dall-e-3',
            prompt,
            n: 1,
            size,
            quality,
            style,
            response_format: 'b64_json',
          }),
        },
        // OpenAI's own host, or the operator's proxy: both configured by the operator.
        fetch: ctx.fetch,
        signal: ctx.signal,
        timeoutMs: options.timeoutMs ?? IMAGE_TIMEOUT_MS,
        // A 400 is the prompt refused (its safety system, a bad size): its message is read and passed on.
        readStatuses: [400],
      });
      if (answer.status === 400) throw refusalMessage(SERVICE, answer, [key]);
      const first = record(list(record(parseJsonAnswer(SERVICE, answer.text)).data)[0]);
      if (first.b64_json === undefined) throw new ToolError(`${SERVICE} answered no image.`);
      const image = await decodeImage(first.b64_json, SERVICE);
      const part = await ctx.saveFile({
        filename: imageFileName(prompt, 'dall-e-3', image.extension),
        type: image.type,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
      });
      const revised = text(first.revised_prompt).trim();
      return {
        output: imageOutput(SERVICE, image, revised ? [`DALL-E 3 drew it from this prompt: ${revised}`] : []),
        parts: [part],
      };
    },
  };
}
