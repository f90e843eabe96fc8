import { envInt, envOptionalHttpUrl, type Env } from './env-reader';

/** How replies use tools (docs/reference/tools.md (Tool settings)). */
export interface ToolSettings {
  /** TOOL_STEP_LIMIT: most model calls one reply makes while it uses tools (1 to 50, default 10). */
  stepLimit: number;
  /** DALLE_REVERSE_PROXY: where the DALL-E tool sends its requests instead of OpenAI's API; null: OpenAI's. */
  dalleBaseUrl: string | null;
}

export const DEFAULT_TOOL_STEP_LIMIT = 10;

export function readToolSettings(env: Env): ToolSettings {
  return {
    stepLimit: envInt(env, 'TOOL_STEP_LIMIT', DEFAULT_TOOL_STEP_LIMIT, { min: 1, max: 50 }),
    dalleBaseUrl: envOptionalHttpUrl(env, 'DALLE_REVERSE_PROXY'),
  };
}
