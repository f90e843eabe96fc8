import type { ContentPart } from '@parley/shared';
import type { BuiltPrompt } from '../../providers/build-prompt';

// With `skipCompletion` off (docs/reference/tools.md (The agent's settings)), the agent's own words are not the reply:
// the conversation's model writes it, told what the tools returned. It is told in its instructions, as text, so any
// provider takes it whether or not it is offered tools (providers refuse tool messages without tools).

/** Longest tool output quoted to the completion model, per step (the runner already capped it for the agent). */
const OUTPUT_QUOTE_CHARS = 8_000;

/** The completion call's prompt: the conversation's, with the tools' findings and the agent's draft in its instructions. */
export function completionPrompt(
  prompt: BuiltPrompt,
  steps: readonly ContentPart[],
  draft: string,
): BuiltPrompt {
  const found = steps.flatMap((part) => {
    if (part.type !== 'tool_call') return [];
    const { name, arguments: input, output } = part.tool_call;
    return [
      `Tool ${name ?? ''}, input ${input ?? '{}'}, returned:\n${(output ?? '').slice(0, OUTPUT_QUOTE_CHARS)}`,
    ];
  });
  const note = [
    "Before this reply, tools were used on the user's last message. The user has not seen what they returned:",
    ...(found.length > 0 ? found : ['(no tool was used)']),
    ...(draft.trim() ? [`A draft answer written from those results:\n${draft.trim()}`] : []),
    "Now answer the user's last message yourself, using these results where they help.",
  ].join('\n\n');
  return { ...prompt, instructions: prompt.instructions ? `${prompt.instructions}\n\n${note}` : note };
}
