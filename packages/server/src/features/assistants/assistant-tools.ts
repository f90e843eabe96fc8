import { z } from 'zod';
import {
  ACTION_DELIMITER,
  type AssistantCapability,
  type AssistantTool,
  type CreateAssistantInput,
} from '@parley/shared';
import { AppError } from '../../lib/app-error';
import type { ToolRegistry } from '../tools/tool-registry';

export const isActionFunction = (tool: AssistantTool): boolean =>
  tool.type === 'function' && tool.function.name.includes(ACTION_DELIMITER);

const refused = (message: string) => new AppError('VALIDATION', message, { field: 'tools' });

/** A plugin as an assistant's function: its key, description and input as JSON Schema, from the server's registry. */
function pluginFunction(registry: ToolRegistry, key: string): AssistantTool {
  const tool = registry.get(key);
  if (!tool) throw refused(`tools: "${key}" is not a tool of this server`);
  const parameters = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete parameters.$schema;
  return { type: 'function', function: { name: tool.key, description: tool.description, parameters } };
}

/**
 * The tools to store for what a client sent (docs/reference/assistants.md (Tools)): code interpreter and retrieval
 * when the operator allows them, plugins by key (a function object counts by its name) rebuilt from the registry,
 * and the assistant's own action functions kept as they are: those come from its actions' schemas on the server,
 * so a client can neither add nor change them here.
 */
export function normalizeTools(
  input: NonNullable<CreateAssistantInput['tools']>,
  {
    registry,
    capabilities,
    current,
  }: {
    registry: ToolRegistry;
    capabilities: readonly AssistantCapability[];
    current: readonly AssistantTool[];
  },
): AssistantTool[] {
  const out: AssistantTool[] = [];
  const seen = new Set<string>();
  const add = (tool: AssistantTool) => {
    const key = tool.type === 'function' ? `function:${tool.function.name}` : tool.type;
    if (!seen.has(key)) out.push(tool);
    seen.add(key);
  };
  for (const item of input) {
    if (typeof item === 'string') {
      add(pluginFunction(registry, item));
    } else if (item.type === 'function') {
      if (!isActionFunction(item)) add(pluginFunction(registry, item.function.name));
    } else {
      if (!capabilities.includes(item.type))
        throw refused(`tools: ${item.type} is turned off on this server`);
      add({ type: item.type });
    }
  }
  for (const tool of current) if (isActionFunction(tool)) add(tool);
  return out;
}
