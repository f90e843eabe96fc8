import { matchesModelPattern } from '../files/vision';

/**
 * Model names that can call tools, by family, so dated variants match too
 * (docs/reference/tools.md (Models that call tools)). Left out: OpenAI's instruct and early reasoning previews, and
 * older chat models.
 */
const TOOL_MODEL = [
  /gpt-3\.5-turbo(?!-instruct)/,
  /gpt-4(?!-vision)/,
  /gpt-5/,
  /^o1(-\d|$)/,
  /^o3/,
  /^o4-mini/,
  /claude-3/,
  /claude-(opus|sonnet|haiku)-[4-9]/,
  /gemini-(1\.5|2|3)/,
  /deepseek-(chat|v3)/,
  /qwen/,
  /glm-4/,
  /moonshot|kimi/,
  /mistral-(large|medium|small)/,
];

/** True when the model's name is one of the families known to call tools. */
export function isToolModel(model: string | null | undefined): boolean {
  const name = (model ?? '').toLowerCase();
  return TOOL_MODEL.some((pattern) => pattern.test(name));
}

/**
 * True when a model of an endpoint can call tools: a known family (`isToolModel`), or a model the operator marked in
 * the endpoint's `toolModels` (names or `*` patterns, as `visionModels`).
 */
export function callsTools(
  model: string | null | undefined,
  toolModels: readonly string[] | undefined,
): boolean {
  if (isToolModel(model)) return true;
  return Boolean(model) && (toolModels ?? []).some((pattern) => matchesModelPattern(pattern, model!));
}
