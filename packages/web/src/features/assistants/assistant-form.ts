import { z } from 'zod';
import {
  ASSISTANT_LIMITS,
  type Assistant,
  type AssistantTool,
  type CreateAssistantInput,
} from '@parley/shared';

/** What joins an operation's name to its action's domain in a function name. */
export const ACTION_FUNCTION_DELIMITER = '_action_';

/** Whether a function tool comes from one of the assistant's actions (the server keeps those itself). */
export const isActionFunction = (name: string): boolean => name.includes(ACTION_FUNCTION_DELIMITER);

/**
 * The builder's form (docs/reference/assistants.md (Fields and limits)): the texts with their limits, the model, the
 * two capabilities, and the plugins given as functions (by key).
 */
export const assistantFormSchema = z.object({
  name: z.string().max(ASSISTANT_LIMITS.name, { error: 'com_assistants_name_too_long' }),
  description: z.string().max(ASSISTANT_LIMITS.description, { error: 'com_assistants_description_too_long' }),
  instructions: z
    .string()
    .max(ASSISTANT_LIMITS.instructions, { error: 'com_assistants_instructions_too_long' }),
  model: z.string().min(1, { error: 'com_assistants_model_required' }),
  code_interpreter: z.boolean(),
  retrieval: z.boolean(),
  functions: z.array(z.string()),
});
export type AssistantFormValues = z.infer<typeof assistantFormSchema>;

/** A new assistant's form: empty, on the first model offered. */
export function emptyAssistantForm(models: readonly string[]): AssistantFormValues {
  return {
    name: '',
    description: '',
    instructions: '',
    model: models[0] ?? '',
    code_interpreter: false,
    retrieval: false,
    functions: [],
  };
}

const hasTool = (tools: readonly AssistantTool[], type: AssistantTool['type']) =>
  tools.some((tool) => tool.type === type);

/** A saved assistant as the form shows it; its actions' functions are not the form's to change. */
export function assistantToForm(assistant: Assistant): AssistantFormValues {
  return {
    name: assistant.name ?? '',
    description: assistant.description ?? '',
    instructions: assistant.instructions ?? '',
    model: assistant.model,
    code_interpreter: hasTool(assistant.tools, 'code_interpreter'),
    retrieval: hasTool(assistant.tools, 'retrieval'),
    functions: assistant.tools.flatMap((tool) =>
      tool.type === 'function' && !isActionFunction(tool.function.name) ? [tool.function.name] : [],
    ),
  };
}

/**
 * The body of Create or Save: texts trimmed of nothing (instructions keep their layout), empty ones as null so a
 * cleared field is cleared, the capabilities as tool objects and the plugins by key.
 */
export function assistantPayload(values: AssistantFormValues): CreateAssistantInput {
  const orNull = (text: string) => (text.trim() === '' ? null : text);
  const tools: NonNullable<CreateAssistantInput['tools']> = [
    ...(values.code_interpreter ? [{ type: 'code_interpreter' as const }] : []),
    ...(values.retrieval ? [{ type: 'retrieval' as const }] : []),
    ...[...new Set(values.functions)],
  ];
  return {
    name: orNull(values.name),
    description: orNull(values.description),
    instructions: orNull(values.instructions),
    model: values.model,
    tools,
  };
}

/** The assistant's name as lists show it: its name, else its id. */
export const assistantLabel = (assistant: Pick<Assistant, 'id' | 'name'>): string =>
  assistant.name?.trim() || assistant.id;
