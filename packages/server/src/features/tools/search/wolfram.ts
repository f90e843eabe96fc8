import { z } from 'zod';
import type { Tool } from '../tool';
import { MAX_OUTPUT_CHARS } from './format';
import { requireAuth, serviceText, type ServiceOptions } from './service-http';
import { serviceUrl } from './service-url';

const SERVICE = 'Wolfram|Alpha';
export const WOLFRAM_BASE_URL = 'https://www.wolframalpha.com';

/** The status the LLM API answers when it cannot interpret the input; its body says why and suggests rewordings. */
const NOT_UNDERSTOOD = 501;

export const wolframInput = z.object({
  input: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .describe(
      'A short query in English, as keywords or a formula: "population of France", "integrate x^2 sin x".',
    ),
});

export type WolframInput = z.infer<typeof wolframInput>;

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= MAX_OUTPUT_CHARS ? trimmed : `${trimmed.slice(0, MAX_OUTPUT_CHARS - 1)}…`;
}

/**
 * Wolfram|Alpha's LLM API: `GET /api/v1/llm-api?input=…&appid=…&maxchars=…`, answering plain text written for a
 * model (the interpretation, the results, links to images and to the full page). `maxchars` asks the service to
 * keep within the same cap as the search tools. A 501 is not a failure of the tool: its text tells the model how to
 * reword, so it is returned as the output.
 */
export function createWolframTool(options: ServiceOptions = {}): Tool<WolframInput> {
  return {
    key: 'wolfram',
    description:
      'Ask Wolfram|Alpha to compute or look up: math (equations, integrals, plots), unit and currency conversion, ' +
      'science, geography, dates, and curated data such as populations or chemical properties. Send a short ' +
      'English query, not a conversation; if it is not understood, follow the suggestions and reword it.',
    input: wolframInput,
    async run({ input }, ctx) {
      const appid = requireAuth(ctx.auth, 'WOLFRAM_APP_ID', SERVICE);
      ctx.progress(`Asking ${SERVICE}`);
      const { status, text } = await serviceText({
        service: SERVICE,
        url: serviceUrl(options.baseUrl ?? WOLFRAM_BASE_URL, 'api/v1/llm-api', {
          input,
          appid,
          maxchars: String(MAX_OUTPUT_CHARS),
        }),
        fetch: ctx.fetch,
        signal: ctx.signal,
        timeoutMs: options.timeoutMs,
        readStatuses: [NOT_UNDERSTOOD],
      });
      if (status === NOT_UNDERSTOOD) {
        const why = text.trim() ? ` ${clip(text)}` : '';
        return { output: `${SERVICE} did not understand ${JSON.stringify(input)}.${why}` };
      }
      if (!text.trim()) return { output: `${SERVICE} gave no result for ${JSON.stringify(input)}.` };
      return { output: clip(text) };
    },
  };
}
