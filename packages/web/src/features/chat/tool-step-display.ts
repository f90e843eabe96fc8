import type { ContentPart, Plugin } from '@parley/shared';

// How a reply's tool step reads in the web (docs/reference/tools.md (A reply that uses tools)).

export type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>['tool_call'];

/** Where a step is: running (no output yet), done, or failed (the runner's failure marker in its output). */
export type ToolStepState = 'running' | 'done' | 'failed';

/** The runner writes this at the start of a failed step's output; the model reads it, and so does the web. */
const FAILURE_MARKER = 'error processing tool';

/** The separator of MCP tool keys, `{tool}_mcp_{server}`. */
const MCP_DELIMITER = '_mcp_';

export function isFailedOutput(output: string | null | undefined): boolean {
  return typeof output === 'string' && output.includes(FAILURE_MARKER);
}

export function toolStepState(call: ToolCallPart): ToolStepState {
  // A step ends with its output and progress 1; either alone (an older save) is read as ended.
  const ended = (call.output !== null && call.output !== undefined) || (call.progress ?? 0) >= 1;
  if (!ended) return 'running';
  return isFailedOutput(call.output) ? 'failed' : 'done';
}

/**
 * The name a user knows a tool by: the store's name for it, else, for an MCP server's tool the store no longer lists
 * (its server is down), "{tool} ({server})" as the store would name it, else the key itself.
 */
export function toolDisplayName(
  key: string | undefined,
  plugins: readonly Pick<Plugin, 'pluginKey' | 'name'>[],
): string {
  if (!key) return '';
  const listed = plugins.find((p) => p.pluginKey === key);
  if (listed?.name) return listed.name;
  // Server names are the operator's short names; the last delimiter is the one before the server.
  const at = key.lastIndexOf(MCP_DELIMITER);
  if (at > 0 && at + MCP_DELIMITER.length < key.length) {
    return `${key.slice(0, at)} (${key.slice(at + MCP_DELIMITER.length)})`;
  }
  return key;
}

/** A step's input as the user reads it: its JSON arguments indented, or the text as it came when it is not JSON. */
export function prettyArguments(args: string | undefined): string {
  if (!args) return '';
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}
