import type { ModelMessage } from 'ai';
import { googleModelType, takesImages, type ContentPart, type ImageDetail } from '@parley/shared';
import { toolStepMessages } from './tool-history';
import { imagePart, type PromptImage } from './image-parts';
import type { EndpointEntry } from './provider.types';

export type { PromptImage } from './image-parts';

export interface PromptTurn {
  role: 'user' | 'assistant';
  content: string;
  /** Images sent with a user turn (vision models only; see `promptTakesImages`). */
  images?: PromptImage[];
  /**
   * An assistant turn that used tools, as its parts (text and tool steps in order), sent as the calls and results they
   * were (tool-history.ts); only when the call offers tools, since providers refuse tool steps without tools.
   */
  parts?: ContentPart[];
}

export interface PromptInput {
  /** The model the prompt is for; google's prompt shape depends on it. */
  model?: string | null;
  promptPrefix?: string | null;
  systemMessage?: string | null;
  /** The assistant's display name; it labels the assistant's lines when the history is flattened. */
  modelLabel?: string | null;
  examples?: { input: { content: string }; output: { content: string } }[];
  /** The conversation so far, oldest first, ending with the user's new message. */
  history: PromptTurn[];
  /**
   * How closely OpenAI-style providers look at the images (`imageDetail`, docs/reference/files.md (Images and vision));
   * `auto` when absent.
   */
  imageDetail?: ImageDetail | null;
}

/** What streamText takes: `instructions` (the AI SDK 7 name of `system`) and the messages. */
export interface BuiltPrompt {
  instructions?: string;
  messages: ModelMessage[];
}

/**
 * Places the prompt as each provider expects. Instructions (system message, then prompt prefix) go in the
 * system slot. Google chat-type models get their examples as leading user/assistant pairs (empty ones are
 * ignored, docs/reference/endpoints-and-models.md (Google model types)); google code/text models and custom endpoints
 * with `forcePrompt` get everything flattened into one user prompt, since they take text, not chat turns (and so no
 * images). A user turn with images becomes its text part followed by one file part per image.
 */
export function buildPrompt(entry: EndpointEntry, input: PromptInput): BuiltPrompt {
  const instructions = [input.systemMessage, input.promptPrefix]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('\n\n');
  if (isFlattened(entry, input.model)) {
    return { messages: [{ role: 'user', content: flatten(instructions, input) }] };
  }
  const googleType = entry.family === 'google' ? googleModelType(input.model ?? 'chat-bison') : null;
  const examples = googleType === 'chat' ? exampleTurns(input.examples ?? []) : [];
  const detail = input.imageDetail ?? 'auto';
  const messages = [...examples, ...input.history].flatMap((turn): ModelMessage | ModelMessage[] => {
    if (turn.role === 'assistant' && turn.parts) return toolStepMessages(turn.parts);
    if (turn.role === 'assistant' || !turn.images?.length) return { role: turn.role, content: turn.content };
    const images = turn.images.map((image) => imagePart(entry.family, image, detail));
    return { role: 'user', content: [{ type: 'text', text: turn.content }, ...images] };
  });
  return instructions ? { instructions, messages } : { messages };
}

/** Google code/text models and `forcePrompt` custom endpoints take one text prompt, not chat turns. */
function isFlattened(
  entry: Pick<EndpointEntry, 'family' | 'custom'>,
  model: string | null | undefined,
): boolean {
  const googleType = entry.family === 'google' ? googleModelType(model ?? 'chat-bison') : null;
  return googleType === 'codeText' || entry.custom?.forcePrompt === true;
}

/**
 * True when images go to this endpoint and model: a vision model (a known family, or one the operator marked) whose
 * prompt is chat turns, not one text.
 */
export function promptTakesImages(
  entry: Pick<EndpointEntry, 'family' | 'custom' | 'visionModels'>,
  model: string,
): boolean {
  return takesImages(model, entry.visionModels) && !isFlattened(entry, model);
}

function exampleTurns(examples: NonNullable<PromptInput['examples']>): PromptTurn[] {
  return examples
    .filter((e) => e.input.content.trim() && e.output.content.trim())
    .flatMap((e): PromptTurn[] => [
      { role: 'user', content: e.input.content },
      { role: 'assistant', content: e.output.content },
    ]);
}

function flatten(instructions: string, input: PromptInput): string {
  const assistant = input.modelLabel?.trim() || 'Assistant';
  const lines = input.history.map((t) => `${t.role === 'user' ? 'User' : assistant}: ${t.content}`);
  return [instructions, ...lines, `${assistant}:`].filter(Boolean).join('\n\n');
}
