import type { ModelMessage } from 'ai';
import { googleModelType } from '@parley/shared';
import type { EndpointEntry } from './provider.types';

export interface PromptTurn {
  role: 'user' | 'assistant';
  content: string;
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
}

/** What streamText takes: `instructions` (the AI SDK 7 name of `system`) and the messages. */
export interface BuiltPrompt {
  instructions?: string;
  messages: ModelMessage[];
}

/**
 * Places the prompt as each provider expects. Instructions (system message, then prompt prefix) go in the
 * system slot. Google chat-type models get their examples as leading user/assistant pairs (empty ones are
 * ignored, spec 1 §5); google code/text models and custom endpoints with `forcePrompt` get everything
 * flattened into one user prompt, since they take text, not chat turns.
 */
export function buildPrompt(entry: EndpointEntry, input: PromptInput): BuiltPrompt {
  const instructions = [input.systemMessage, input.promptPrefix]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('\n\n');
  const googleType = entry.family === 'google' ? googleModelType(input.model ?? 'chat-bison') : null;
  if (googleType === 'codeText' || entry.custom?.forcePrompt) {
    return { messages: [{ role: 'user', content: flatten(instructions, input) }] };
  }
  const examples = googleType === 'chat' ? exampleTurns(input.examples ?? []) : [];
  const messages = [...examples, ...input.history].map((turn): ModelMessage => ({
    role: turn.role,
    content: turn.content,
  }));
  return instructions ? { instructions, messages } : { messages };
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
