import type { ContentPart } from '@parley/shared';
import type { ReplyPart } from '../../providers/provider.types';
import type { ToolCallOutcome } from '../tools/tool-runner';

/** A model's call of a tool, as the provider handed it back. */
export type ToolCall = Extract<ReplyPart, { type: 'tool-call' }>;

/** The body of a `tool_call` part. */
export type ToolCallBody = Extract<ContentPart, { type: 'tool_call' }>['tool_call'];

/**
 * The kind of OpenAI tool call an assistant's step is (docs/reference/messages.md (Content parts)): LibreChat's client
 * draws a step by its `type` and reads the nested field of that name, so an assistant's steps carry it beside the flat
 * fields Parley's web reads. It is a property of the turn's tool (turn-tools.ts), not of the tool itself: the same
 * plugin on the Plugins endpoint keeps the flat part it always had.
 */
export type OpenAiToolKind = 'code_interpreter' | 'retrieval' | 'function';

/**
 * A tool step as the reply keeps it: running (no outcome yet: no output, progress 0), then done with its output
 * (progress 1) and the passages it cited; with a `kind`, also in OpenAI's nested shape.
 */
export function toolCallPart(
  call: ToolCall,
  outcome: Pick<ToolCallOutcome, 'output' | 'parts' | 'citations'> | null,
  kind?: OpenAiToolKind,
): ContentPart {
  const flat: ToolCallBody = {
    id: call.id,
    type: 'function',
    name: call.name,
    arguments: JSON.stringify(call.input ?? {}),
    output: outcome?.output ?? null,
    progress: outcome ? 1 : 0,
  };
  const images = (outcome?.parts ?? []).flatMap((p) =>
    p.type === 'image_file' ? [p.image_file.file_id] : [],
  );
  return {
    type: 'tool_call',
    tool_call: {
      ...(kind ? nestedShape(flat, kind, images) : flat),
      ...(outcome?.citations ? { citations: outcome.citations } : {}),
    },
  };
}

/**
 * A step that ended without its tool's answer (Stop, a failure), with the output that says so, its nested shape
 * (if it has one) told the same.
 */
export function endedStep(body: ToolCallBody, output: string): ToolCallBody {
  const ended = { ...body, output, progress: 1 };
  const kind = kindOf(body);
  return kind ? nestedShape(ended, kind, []) : ended;
}

/**
 * The flat fields with OpenAI's shape of `kind` (as LibreChat's `CodeToolCall`, `RetrievalToolCall` and
 * `FunctionToolCall` are): the code and what it printed (the output the model read: its logs, its traceback, the files
 * it gave the user) and an `image` output per image it saved; an empty `retrieval` (its passages are `citations`); a
 * function's name, arguments and output.
 */
function nestedShape(flat: ToolCallBody, kind: OpenAiToolKind, images: readonly string[]): ToolCallBody {
  const output = flat.output ?? null;
  if (kind === 'code_interpreter') {
    const outputs =
      output === null
        ? []
        : [
            { type: 'logs' as const, logs: output },
            ...images.map((file_id) => ({ type: 'image' as const, image: { file_id } })),
          ];
    return { ...flat, type: kind, code_interpreter: { input: codeOf(flat.arguments), outputs } };
  }
  if (kind === 'retrieval') return { ...flat, type: kind, retrieval: {} };
  return {
    ...flat,
    type: kind,
    function: { name: flat.name ?? '', arguments: flat.arguments ?? '', output },
  };
}

const kindOf = (body: ToolCallBody): OpenAiToolKind | null =>
  body.code_interpreter
    ? 'code_interpreter'
    : body.retrieval
      ? 'retrieval'
      : body.function
        ? 'function'
        : null;

/** The code of a code interpreter call: its `code` argument (the model may send the arguments as JSON text). */
function codeOf(args: string | undefined): string {
  let value: unknown = args ?? '';
  for (let depth = 0; depth < 2 && typeof value === 'string'; depth += 1) {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return '';
    }
  }
  const code = (value as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
