import type { SimToolResult } from './types';

/**
 * One message of a request, reduced to what picking a tool step needs. Each protocol maps its own messages to
 * these, so the step logic is written once.
 */
export type Turn =
  | { kind: 'human'; text: string }
  | { kind: 'calls'; calls: { id: string; name: string }[] }
  | { kind: 'results'; results: SimToolResult[] }
  | { kind: 'other' };

/** Where the current tool run stands, read from the request alone. */
export interface ToolHistory {
  /** The last message a person wrote (tool results travel as user messages on some wires and are skipped). */
  lastUserText: string;
  /** Rounds of tool results after that message: 0 on the run's first model call, 1 on the next, and so on. */
  toolRounds: number;
  /** Every tool result after that message, names filled in from the calls they answer. */
  toolResults: SimToolResult[];
}

/**
 * How a text-protocol agent (one that writes `Action:` lines instead of calling tools, Parley's `classic` agent) hands
 * a tool's result back: a user message starting with this. Such a message is a round of results, not a person's.
 */
export const OBSERVATION_PREFIX = 'Observation:';

const isObservation = (turn: Turn) => turn.kind === 'human' && turn.text.startsWith(OBSERVATION_PREFIX);

/** A text agent's observation as the result it carries (no call id or tool name travels with it). */
function asResults(turn: Turn): Turn {
  if (!isObservation(turn) || turn.kind !== 'human') return turn;
  return {
    kind: 'results',
    results: [{ id: '', name: '', output: turn.text.slice(OBSERVATION_PREFIX.length).trim() }],
  };
}

/**
 * Reads the tool run that follows the last human message. Results that follow each other form one round, since
 * OpenAI sends one `tool` message per result of a parallel step; a text agent's observation is a round of its own.
 */
export function toolHistory(turns: readonly Turn[]): ToolHistory {
  const start = turns.findLastIndex((t) => t.kind === 'human' && !isObservation(t));
  const lastHuman = turns[start];
  const run = turns.slice(start + 1).map(asResults);
  const names = new Map<string, string>();
  const toolResults: SimToolResult[] = [];
  let toolRounds = 0;
  run.forEach((turn, i) => {
    if (turn.kind === 'calls') for (const call of turn.calls) names.set(call.id, call.name);
    if (turn.kind !== 'results') return;
    if (run[i - 1]?.kind !== 'results') toolRounds += 1;
    for (const r of turn.results) toolResults.push({ ...r, name: r.name || (names.get(r.id) ?? '') });
  });
  return {
    lastUserText: lastHuman?.kind === 'human' ? lastHuman.text : '',
    toolRounds,
    toolResults,
  };
}
