import type { ContentPart } from '@parley/shared';
import { stringify } from 'yaml';
import { loadWithYaml } from '../../config/temp-config.test-helpers';
import type { YamlConfig } from '../../config/yaml.schema';

// Shared by the API tests of replies that call MCP tools; not part of the app.

/** `mcpServers` as the config loader reads it from a parley.yaml (defaults filled, `${VAR}` read from `env`). */
export function mcpServersFromYaml(
  mcpServers: Record<string, unknown>,
  env: Record<string, string> = {},
): YamlConfig['mcpServers'] {
  return loadWithYaml(stringify({ version: '1.0.3', mcpServers }), env).config.yaml?.mcpServers;
}

/** A log the app writes to (pino's JSON lines, parsed), for `startChatApp`'s `logger`. */
export function recordedLog(level = 'warn') {
  const lines: Record<string, unknown>[] = [];
  const logger = {
    level,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  };
  return { lines, logger };
}

type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;

/** The tool steps of a reply's content, in order. */
export const toolSteps = (content: ContentPart[] | undefined) =>
  (content ?? []).filter((p): p is ToolCallPart => p.type === 'tool_call').map((p) => p.tool_call);

/** The text parts of a reply's content, in order. */
export const texts = (content: ContentPart[] | undefined) =>
  (content ?? []).filter((p) => p.type === 'text').map((p) => (p as { text: { value: string } }).text.value);

/** A tool call for the simulator's script (docs/reference/tools.md (The simulator's tool calls)). */
export const callOf = (name: string, input: Record<string, unknown> = {}) => ({ name, input });
