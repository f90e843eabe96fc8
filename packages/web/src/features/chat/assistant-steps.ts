import {
  ACTION_DELIMITER,
  ACTION_DOMAIN_SEPARATOR,
  encodeActionDomain,
  ENCODED_DOMAIN_LENGTH,
  type Citation,
} from '@parley/shared';
import { isFailedOutput, toolStepState, type ToolCallPart, type ToolStepState } from './tool-step-display';

// How an assistant's steps read in a reply (docs/reference/assistants.md (Chatting with an assistant)), as LibreChat's
// client shows them: the code interpreter analyzing, retrieval searching the knowledge, an action talking to its
// domain. Other steps (plugins) read as any tool step (tool-step-display.ts).

/** The tool keys of the code interpreter and retrieval, as a step names them in its flat `name`. */
const CODE_INTERPRETER = 'code_interpreter';
const RETRIEVAL = 'retrieval';

/** An action's link to the user's consent (OAuth): where it goes, its site, and until when it works. */
export interface ConsentLink {
  url: string;
  domain: string;
  /** Milliseconds since 1970, when the step says. */
  expiresAt: number | null;
  expired: boolean;
}

export type AssistantStep =
  | {
      kind: 'code';
      state: ToolStepState;
      code: string;
      /** What the code printed (or, failed, why). */
      logs: string;
      /** The images it drew, by file id: the reply shows them as its images. */
      imageIds: string[];
    }
  | { kind: 'retrieval'; state: ToolStepState; citations: Citation[]; output: string }
  | {
      kind: 'action';
      state: ToolStepState;
      functionName: string;
      /** The action's site, when the name tells it (a short domain) or the user's actions do; else null. */
      domain: string | null;
      input: string;
      output: string;
      consent: ConsentLink | null;
    };

/**
 * An action function's name, `<operationId>_action_<encoded domain>`, read back: the operation and the site. A domain
 * of at most 10 characters is in the name with `---` for its dots; a longer one is the first 10 characters of its
 * base64, which only the user's own actions (`knownDomains`) can tell. Null for a name that is not an action's.
 */
export function actionOf(
  name: string,
  knownDomains: readonly string[] = [],
): { functionName: string; domain: string | null } | null {
  const at = name.lastIndexOf(ACTION_DELIMITER);
  const encoded = at > 0 ? name.slice(at + ACTION_DELIMITER.length) : '';
  if (!encoded) return null;
  const functionName = name.slice(0, at);
  const known = knownDomains.find((domain) => encodeActionDomain(domain) === encoded);
  if (known) return { functionName, domain: known };
  // A name of exactly 10 characters without a separator is (most likely) a long domain's base64.
  const short = encoded.includes(ACTION_DOMAIN_SEPARATOR) || encoded.length !== ENCODED_DOMAIN_LENGTH;
  return { functionName, domain: short ? encoded.split(ACTION_DOMAIN_SEPARATOR).join('.') : null };
}

/** The consent link of an action step waiting for the user: only an http(s) address, never a script. */
export function consentLinkOf(call: ToolCallPart, now: number): ConsentLink | null {
  if (!call.auth) return null;
  let url: URL;
  try {
    url = new URL(call.auth);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const expiresAt = call.expires_at ?? null;
  return { url: url.href, domain: url.hostname, expiresAt, expired: expiresAt !== null && now >= expiresAt };
}

/** The code a code interpreter step ran: its nested input, else the flat call's `code` argument. */
function codeOf(call: ToolCallPart): string {
  if (call.code_interpreter) return call.code_interpreter.input;
  try {
    const code = (JSON.parse(call.arguments ?? '') as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  } catch {
    // Not JSON: shown as it came.
  }
  return call.arguments ?? '';
}

/** What it printed: its logs outputs, else (a flat step, or a failure's traceback) the step's output. */
function logsOf(call: ToolCallPart): string {
  const logs = (call.code_interpreter?.outputs ?? []).flatMap((o) => (o.type === 'logs' ? [o.logs] : []));
  return logs.length > 0 && !isFailedOutput(call.output) ? logs.join('\n') : (call.output ?? '');
}

/** The function a step called: its nested name, else its flat one. */
export const functionNameOf = (call: ToolCallPart): string => call.function?.name ?? call.name ?? '';

/**
 * Which of an assistant's steps a call is, or null for any other tool step: told apart by the nested shape the server
 * sends (`type`, `code_interpreter`, `retrieval`), else by the flat name; an action by its function's name.
 */
export function assistantStepKind(call: ToolCallPart): AssistantStep['kind'] | null {
  if (call.type === CODE_INTERPRETER || call.code_interpreter || call.name === CODE_INTERPRETER)
    return 'code';
  if (call.type === RETRIEVAL || call.retrieval || call.name === RETRIEVAL) return 'retrieval';
  return actionOf(functionNameOf(call)) ? 'action' : null;
}

/**
 * A step of an assistant's reply as it is shown (its kind by `assistantStepKind`), or null for a step shown as any
 * tool step. `now` decides whether a consent link has expired; `knownDomains` (the user's actions) name a long domain.
 */
export function assistantStep(
  call: ToolCallPart,
  options: { now: number; knownDomains?: readonly string[] },
): AssistantStep | null {
  const kind = assistantStepKind(call);
  const state = toolStepState(call);
  if (kind === 'code') {
    const imageIds = (call.code_interpreter?.outputs ?? []).flatMap((o) =>
      o.type === 'image' ? [o.image.file_id] : [],
    );
    return { kind: 'code', state, code: codeOf(call), logs: logsOf(call), imageIds };
  }
  if (kind === 'retrieval') {
    return { kind: 'retrieval', state, citations: call.citations ?? [], output: call.output ?? '' };
  }
  const action = kind === 'action' ? actionOf(functionNameOf(call), options.knownDomains) : null;
  if (!action) return null;
  return {
    kind: 'action',
    state,
    ...action,
    input: call.function?.arguments ?? call.arguments ?? '',
    output: call.function?.output ?? call.output ?? '',
    // Asked only while the step waits: once it has run, the consent was given (or the run ended).
    consent: state === 'running' ? consentLinkOf(call, options.now) : null,
  };
}

/** The words of a step's row: a catalogue key and its values. */
export interface StepLabel {
  key: string;
  values?: Record<string, string>;
}

const CODE_LABEL = {
  running: 'com_ui_step_analyzing',
  done: 'com_ui_step_analyzed',
  failed: 'com_ui_step_analysis_failed',
} as const;
const RETRIEVAL_LABEL = {
  running: 'com_ui_step_searching_knowledge',
  done: 'com_ui_step_used_retrieval',
  failed: 'com_ui_step_retrieval_failed',
} as const;

/**
 * What a step's row says: "Analyzing…" then "Finished analyzing"; "Searching my knowledge" then "Used Retrieval"; an
 * action "Running action" then "Talked to {domain}" when its site is known, else "Ran {function}"; a failed one says
 * it failed.
 */
export function stepLabel(step: AssistantStep): StepLabel {
  if (step.kind === 'code') return { key: CODE_LABEL[step.state] };
  if (step.kind === 'retrieval') return { key: RETRIEVAL_LABEL[step.state] };
  if (step.state === 'running') return { key: 'com_ui_step_running_action' };
  if (step.state === 'failed') {
    return { key: 'com_ui_step_action_failed', values: { name: step.domain ?? step.functionName } };
  }
  return step.domain
    ? { key: 'com_ui_step_talked_to', values: { domain: step.domain } }
    : { key: 'com_ui_step_ran', values: { name: step.functionName } };
}

/** One file a reply's answer drew on, with the passages of it that were found, in the order they came. */
export interface ReplySource {
  fileId: string;
  filename: string;
  passages: Array<{ where?: string; text: string }>;
}

/**
 * The sources of a reply: the passages its retrieval steps found, by file, each passage once (a later retrieval may
 * find the same one again), files in the order first found.
 */
export function replySources(calls: readonly ToolCallPart[]): ReplySource[] {
  const byFile = new Map<string, ReplySource>();
  const seen = new Set<string>();
  for (const citation of calls.flatMap((call) => call.citations ?? [])) {
    const key = JSON.stringify([citation.fileId, citation.where ?? '', citation.text]);
    if (seen.has(key)) continue;
    seen.add(key);
    const file = byFile.get(citation.fileId) ?? {
      fileId: citation.fileId,
      filename: citation.filename,
      passages: [],
    };
    file.passages.push({ ...(citation.where ? { where: citation.where } : {}), text: citation.text });
    byFile.set(citation.fileId, file);
  }
  return [...byFile.values()];
}
