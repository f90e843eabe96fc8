import { isObject, listOf, str } from './loose';
import type { Loose } from './loose';
import { contentText } from './protocol';
import type { Turn } from './tool-history';

/** What a request says about tools: its messages as turns, and the names of the tools it offers the model. */
export interface ToolWire {
  turns: Turn[];
  offeredTools: string[];
}

const names = (list: Loose[]) => list.map((t) => str(t['name'])).filter((n) => n !== undefined);

/** OpenAI chat completions (and Azure): `tool_calls` on assistant messages, one `role:'tool'` message per result. */
export function openaiTools(body: Loose): ToolWire {
  const turns = listOf(body['messages']).map((m): Turn => {
    if (m['role'] === 'user') return { kind: 'human', text: contentText(m['content']) };
    if (m['role'] === 'tool') {
      const id = str(m['tool_call_id']) ?? '';
      return { kind: 'results', results: [{ id, name: '', output: m['content'] }] };
    }
    const calls = listOf(m['tool_calls']).map((c) => ({
      id: str(c['id']) ?? '',
      name: isObject(c['function']) ? (str(c['function']['name']) ?? '') : '',
    }));
    return calls.length > 0 ? { kind: 'calls', calls } : { kind: 'other' };
  });
  const functions = listOf(body['tools'])
    .map((t) => t['function'])
    .filter(isObject);
  return { turns, offeredTools: names(functions) };
}

/** Anthropic messages: `tool_use` blocks from the assistant, `tool_result` blocks inside a user message. */
export function anthropicTools(body: Loose): ToolWire {
  const turns = listOf(body['messages']).map((m): Turn => {
    const blocks = listOf(m['content']);
    const ofType = (type: string) => blocks.filter((b) => b['type'] === type);
    if (m['role'] === 'user') {
      const results = ofType('tool_result').map((b) => ({
        id: str(b['tool_use_id']) ?? '',
        name: '',
        output: b['content'],
      }));
      return results.length > 0
        ? { kind: 'results', results }
        : { kind: 'human', text: contentText(m['content']) };
    }
    const calls = ofType('tool_use').map((b) => ({ id: str(b['id']) ?? '', name: str(b['name']) ?? '' }));
    return calls.length > 0 ? { kind: 'calls', calls } : { kind: 'other' };
  });
  return { turns, offeredTools: names(listOf(body['tools'])) };
}

/** Gemini: `functionCall` parts from the model, `functionResponse` parts in the next user turn. */
export function geminiTools(body: Loose): ToolWire {
  const turns = listOf(body['contents']).map((c): Turn => {
    const parts = listOf(c['parts']);
    const results = parts
      .map((p) => p['functionResponse'])
      .filter(isObject)
      .map((r) => ({ id: str(r['id']) ?? '', name: str(r['name']) ?? '', output: r['response'] }));
    if (results.length > 0) return { kind: 'results', results };
    if (c['role'] === 'user') return { kind: 'human', text: contentText(c['parts']) };
    // Gemini's results carry their function's name, so the calls need not be read.
    return { kind: 'other' };
  });
  // The REST API accepts both spellings of the declarations key.
  const declarations = listOf(body['tools']).flatMap((t) =>
    listOf(t['functionDeclarations'] ?? t['function_declarations']),
  );
  return { turns, offeredTools: names(declarations) };
}
