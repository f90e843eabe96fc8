import type { ToolSpec } from '../../providers/provider.types';

// The `classic` agent (docs/reference/tools.md (The agent's settings)): for a model that cannot call tools, the tools
// are described in its instructions and it answers in lines: `Action:` and `Action Input:` to use one, then reads the
// result as a message starting `Observation:`, until it writes `Final Answer:`.

/** How a tool's result goes back to a classic agent (the simulator reads the same prefix). */
export const OBSERVATION_PREFIX = 'Observation:';

const FINAL_ANSWER = /Final Answer\s*:/i;
const ACTION = /Action\s*:[ \t]*([^\n]+?)[ \t]*\n+[ \t]*Action Input\s*:([\s\S]*)$/i;
// A model that goes on past its action and writes the observation itself made that part up: it is cut off.
const INVENTED_OBSERVATION = /\n[ \t]*Observation\s*:/i;

/** The instructions that teach a classic agent the tools and the line format. */
export function classicInstructions(specs: readonly ToolSpec[]): string {
  const tools = specs
    .map(
      (spec) =>
        `- ${spec.name}: ${spec.description}\n  Input (JSON Schema): ${JSON.stringify(spec.inputSchema)}`,
    )
    .join('\n');
  return [
    'You can use these tools to answer:',
    tools,
    'To use a tool, end your message with exactly these two lines, and write nothing after them:',
    'Action: <the tool name>',
    'Action Input: <the input, as one JSON object>',
    `The tool's result comes back in a message starting "${OBSERVATION_PREFIX}". You may first think on a line starting "Thought:".`,
    'When you can answer without another tool, write "Final Answer:" followed by your answer to the user, in their language.',
  ].join('\n');
}

/** A classic agent's call of a tool, read from its text. */
export interface ClassicAction {
  name: string;
  input: unknown;
  /** The agent's text up to the end of its action (what goes back to it as its own message). */
  text: string;
}

/** The action a classic agent's message asks for, if it asks for one and gives no final answer. */
export function readClassicAction(message: string, specs: readonly ToolSpec[]): ClassicAction | null {
  const invented = INVENTED_OBSERVATION.exec(message);
  const text = invented ? message.slice(0, invented.index) : message;
  if (FINAL_ANSWER.test(text)) return null;
  const match = ACTION.exec(text);
  if (!match) return null;
  const name = match[1]!.trim();
  return {
    name,
    input: actionInput(
      match[2]!,
      specs.find((s) => s.name === name),
    ),
    text: text.trimEnd(),
  };
}

/**
 * The input an agent wrote: a JSON object as asked; a bare value for a tool of one text field (agents often write
 * `Action Input: 2 + 2`) becomes that field. Anything else is passed as written, so the tool's own input check
 * refuses it and the agent reads why.
 */
function actionInput(raw: string, spec: ToolSpec | undefined): unknown {
  const written = raw.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  let parsed: unknown = written;
  try {
    parsed = JSON.parse(written);
  } catch {
    // Not JSON: kept as the text it is.
  }
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  const field = onlyTextField(spec);
  return field ? { [field]: typeof parsed === 'string' ? parsed : written } : parsed;
}

function onlyTextField(spec: ToolSpec | undefined): string | null {
  const properties = spec?.inputSchema['properties'];
  if (!properties || typeof properties !== 'object') return null;
  const entries = Object.entries(properties as Record<string, { type?: unknown }>);
  return entries.length === 1 && entries[0]![1].type === 'string' ? entries[0]![0] : null;
}

/**
 * What of a classic agent's streamed message the user sees: nothing until `Final Answer:`, then the answer as it
 * comes. A message that ends with neither a final answer nor an action is an answer too, shown whole at its end.
 */
export function createFinalAnswerFilter(specs: readonly ToolSpec[]) {
  let message = '';
  let answerAt = -1;
  let shown = false;
  const show = (text: string) => {
    const visible = shown ? text : text.trimStart();
    if (visible) shown = true;
    return visible;
  };
  return {
    /** The visible part of a new delta ('' while the agent is still deciding). */
    push(delta: string): string {
      message += delta;
      if (answerAt >= 0) return show(delta);
      const match = FINAL_ANSWER.exec(message);
      if (!match) return '';
      answerAt = match.index + match[0].length;
      return show(message.slice(answerAt));
    },
    /** At the message's end: the action it asks for, or the rest of it to show when it simply answered. */
    end(): { action: ClassicAction | null; rest: string } {
      if (answerAt >= 0) return { action: null, rest: '' };
      const action = readClassicAction(message, specs);
      return { action, rest: action ? '' : show(message) };
    },
  };
}
