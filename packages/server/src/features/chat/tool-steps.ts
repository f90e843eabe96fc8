import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ModelMessage } from 'ai';
import type { ContentPart } from '@parley/shared';
import { countTokens } from '../../lib/tokens';
import type { TokenUsage, ToolSpec } from '../../providers/provider.types';
import { holdForCall } from '../balance/call-billing';
import { holdForTool, toolUnpaidReason } from '../balance/tool-billing';
import { failure, runToolCall, type ToolCallOutcome } from '../tools/tool-runner';
import type { ChatContext } from './chat-context';
import { promptOptions, servingEndpoint, type Turn } from './chat-turn';
import type { ModelCallSettings } from '../../providers/call-settings';
import type { BuiltPrompt } from '../../providers/build-prompt';
import { completionPrompt } from './agent-completion';
import {
  classicInstructions,
  createFinalAnswerFilter,
  OBSERVATION_PREFIX,
  type ClassicAction,
} from './classic-agent';
import { callSize } from './call-size';
import { turnHistoryCounted, turnPromptTokens } from './turn-history';
import { endedStep, toolCallPart, type ToolCall } from './tool-call-part';
import type { TurnTool } from './turn-tools';
import { withStepAuth } from './step-auth';
import type { StepAuth } from '../tools/tool';

/** What the reply's writer and stream are told while a tool turn runs. */
export interface ToolStepHooks {
  /** Text the model wrote, as it arrives. */
  onText(delta: string): void;
  /** The part at `index` was added or changed (a tool step started, or ended with its output). */
  onPart(index: number, part: ContentPart): void;
  /** A step ended: the reply's parts so far are to be saved (beside the next model call). */
  onStepEnd(parts: readonly ContentPart[]): void;
}

export interface ToolStepsResult {
  finishReason: string | null;
  usage: TokenUsage | undefined;
  failure: unknown;
  /** The reply's content: its text and tool steps in the order they happened. */
  parts: ContentPart[];
  /** The text of the last model call alone (what its settlement counts). */
  lastCallText: string;
}

/**
 * A reply that may call tools (docs/reference/tools.md (A reply that uses tools)): the agent's call (turn-agent.ts),
 * then the tools it called (in parallel), then their results back to it in the next call, until a call asks for no
 * tool or TOOL_STEP_LIMIT calls were made; with `skipCompletion` off, the conversation's model then writes the reply
 * from what the tools returned (agent-completion.ts). Each step's parts are saved as it ends; each model call is its
 * own call on the ledger (the turn's hold pays the first; the call before is settled and the next held in one
 * transaction between two calls; a call that ended is charged as ended however the reply stops after it). A failure is answered, never thrown; Stop ends the model and every running tool.
 */
export async function streamToolSteps(
  ctx: ChatContext,
  turn: Turn,
  signal: AbortSignal,
  settingsOf: (base: ModelCallSettings) => ModelCallSettings,
  hooks: ToolStepHooks,
): Promise<ToolStepsResult> {
  const agent = turn.agent;
  if (!agent) throw new Error('a turn with tools has an agent');
  // A continued reply goes on after what it already holds (its steps, or its text).
  const { baseContent, baseText } = turn.reply;
  const base: ContentPart[] = baseContent ?? (baseText ? [{ type: 'text', text: { value: baseText } }] : []);
  const parts: ContentPart[] = structuredClone(base);
  const specs = turn.tools.map(toolSpec);
  const byKey = new Map(turn.tools.map((turnTool) => [turnTool.tool.key, turnTool]));
  const limit = ctx.deps.config.tools.stepLimit;
  const classic = agent.kind === 'classic';
  // The user reads what the agent writes only when its answer is the reply.
  const show = (text: string) => {
    if (!text) return;
    appendText(parts, text);
    hooks.onText(text);
  };
  const showAgent = agent.skipCompletion ? show : () => undefined;
  let finishReason: string | null = null;
  let usage: TokenUsage | undefined;
  let callText = '';
  try {
    // The prompt's tokens come with the history's read, for the next call's hold (with the balance on).
    const { history, promptTokens: counted } = await turnHistoryCounted(ctx, turn, turn.billing !== null);
    const prompt = ctx.registry.buildPrompt(servingEndpoint(turn), { ...promptOptions(turn), history });
    const agentPrompt = classic ? withInstructions(prompt, classicInstructions(specs)) : prompt;
    const messages: ModelMessage[] = [...agentPrompt.messages];
    let promptTokens: number | null = counted;
    for (let step = 1; ; step += 1) {
      callText = '';
      finishReason = null;
      usage = undefined;
      const calls: ToolCall[] = [];
      const answer = classic ? createFinalAnswerFilter(specs) : null;
      const call = {
        prompt: { ...agentPrompt, messages },
        settings: settingsOf(agent.settings),
        signal,
        ...(classic ? {} : { tools: specs }),
      };
      for await (const part of agent.streamer(call)) {
        if (part.type === 'text') {
          callText += part.text;
          showAgent(answer ? answer.push(part.text) : part.text);
        } else if (part.type === 'tool-call') calls.push(part);
        else if (part.type === 'finish') ({ finishReason, usage } = part);
      }
      const action = answer ? endClassicMessage(answer, showAgent) : null;
      if (action)
        calls.push({ type: 'tool-call', id: `call_${randomUUID()}`, name: action.name, input: action.input });
      // A call that asks for no tool is the answer; at the step limit, calls it still asks for are not run.
      if (calls.length === 0 || step >= limit) break;
      const indexes = calls.map((c) => {
        parts.push(toolCallPart(c, null, byKey.get(c.name)?.kind));
        hooks.onPart(parts.length - 1, parts.at(-1)!);
        return parts.length - 1;
      });
      // A step waiting for the user's sign-in shows its consent address until it goes on.
      const showAuth = (at: number) => (auth: StepAuth | null) => {
        parts[at] = withStepAuth(parts[at]!, auth);
        hooks.onPart(at, parts[at]!);
      };
      const outcomes = await Promise.all(
        calls.map((c, i) => runCall(ctx, turn, byKey.get(c.name), c, signal, showAuth(indexes[i]!))),
      );
      outcomes.forEach((outcome, i) => {
        parts[indexes[i]!] = toolCallPart(calls[i]!, outcome, byKey.get(calls[i]!.name)?.kind);
        hooks.onPart(indexes[i]!, parts[indexes[i]!]!);
        for (const shown of outcome.parts) {
          parts.push(shown);
          hooks.onPart(parts.length - 1, shown);
        }
      });
      hooks.onStepEnd(parts);
      const added = action
        ? classicMessages(action.text, outcomes[0]!.output)
        : [assistantMessage(callText, calls), toolMessage(calls, outcomes)];
      messages.push(...added);
      promptTokens = await nextCallBilling(ctx, turn, agent, {
        callText,
        usage,
        promptTokens,
        addedTokens: () => countTokens(JSON.stringify(added)),
      });
    }
    if (!agent.skipCompletion) {
      const completion = completionPrompt(prompt, parts, callText);
      // The completion's prompt is the conversation's with the note in its instructions, not the agent's messages.
      await nextCallBilling(ctx, turn, turn, {
        callText,
        usage,
        promptTokens: null,
        addedTokens: () => countTokens(completion.instructions ?? ''),
      });
      callText = '';
      finishReason = null;
      usage = undefined;
      for await (const part of turn.streamer({
        prompt: completion,
        settings: settingsOf(turn.settings),
        signal,
      })) {
        if (part.type === 'text') {
          callText += part.text;
          show(part.text);
        } else if (part.type === 'finish') ({ finishReason, usage } = part);
      }
    }
    return { finishReason, usage, failure: null, parts, lastCallText: callText };
  } catch (error) {
    endRunningSteps(
      parts,
      signal.aborted ? 'stopped before it finished' : 'the reply failed before it finished',
    );
    // A call that had ended (a finish reason came) is charged as the finished call it was, not given back.
    if (finishReason !== null) await settleEnded(ctx, turn, callText, usage);
    return { finishReason, usage, failure: error, parts, lastCallText: callText };
  }
}

/**
 * Settles a model call that ended before the reply did (stopped or failed while its tools ran), by its own outcome
 * (docs/reference/balance.md (What a call costs)); a call already settled is left as it is. Settled here, not by the
 * reply's end, which would read the stop as a call stopped before its first word when it wrote only tool calls.
 */
async function settleEnded(
  ctx: ChatContext,
  turn: Turn,
  callText: string,
  usage: TokenUsage | undefined,
): Promise<void> {
  const outcome = { completed: true, newText: callText, messageId: turn.reply.messageId };
  await turn.billing
    ?.settle({ ...outcome, ...(usage ? { usage } : {}) })
    .catch((error: unknown) => ctx.logError(error, 'tool step settlement'));
}

/** The end of a classic agent's message: what is left to show of a plain answer, and the action it asks for. */
function endClassicMessage(
  answer: ReturnType<typeof createFinalAnswerFilter>,
  showAgent: (text: string) => void,
): ClassicAction | null {
  const { action, rest } = answer.end();
  showAgent(rest);
  return action;
}

/** A classic agent's action goes back to it as its own message, and the tool's result as the observation after it. */
function classicMessages(actionText: string, output: string): ModelMessage[] {
  return [
    { role: 'assistant', content: actionText },
    { role: 'user', content: `${OBSERVATION_PREFIX} ${output}` },
  ];
}

function withInstructions(prompt: BuiltPrompt, more: string): BuiltPrompt {
  return { ...prompt, instructions: prompt.instructions ? `${prompt.instructions}\n\n${more}` : more };
}

/** A step still running when the reply ended (Stop, a failure) is kept as a failed step saying so, not left running. */
function endRunningSteps(parts: ContentPart[], reason: string): void {
  parts.forEach((part, index) => {
    if (part.type !== 'tool_call' || part.tool_call.output != null) return;
    parts[index] = {
      type: 'tool_call',
      tool_call: endedStep(part.tool_call, failure(part.tool_call.name ?? '', reason)),
    };
  });
}

/** The tool as the model is offered it: its key, its description, its input as JSON Schema. */
function toolSpec({ tool }: TurnTool): ToolSpec {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { name: tool.key, description: tool.description, inputSchema: schema };
}

/** Adds streamed text to the reply's last text part, or starts one after a tool step. */
function appendText(parts: ContentPart[], delta: string): void {
  const last = parts.at(-1);
  if (last?.type === 'text') last.text.value += delta;
  else parts.push({ type: 'text', text: { value: delta } });
}

/**
 * Runs one call of the model's. A tool that costs money (docs/reference/balance.md (Tools that cost money)) is paid
 * before it runs and given back when it fails; one the balance cannot pay is a failed step saying so, not run.
 */
async function runCall(
  ctx: ChatContext,
  turn: Turn,
  turnTool: TurnTool | undefined,
  call: ToolCall,
  signal: AbortSignal,
  awaitingAuth: (auth: StepAuth | null) => void,
): Promise<ToolCallOutcome> {
  // A model may call a tool it was not offered: a failed step it can read, as any other failure.
  if (!turnTool)
    return { output: failure(call.name, 'no such tool'), parts: [], status: 'failed', durationMs: 0 };
  const billing = await holdForTool(ctx.deps, turn.userId, turnTool.tool.key, turn.reply.messageId);
  if (billing && 'unpaid' in billing) {
    const output = failure(call.name, toolUnpaidReason(billing.unpaid));
    return { output, parts: [], status: 'failed', durationMs: 0 };
  }
  const toolCtx = { ...ctx.tools.contextFor(turn.userId, turnTool, signal), awaitingAuth };
  const outcome = await runToolCall(turnTool.tool, call.input, toolCtx);
  await billing?.settle(outcome.status !== 'failed');
  return outcome;
}

function assistantMessage(text: string, calls: readonly ToolCall[]): ModelMessage {
  return {
    role: 'assistant',
    content: [
      ...(text ? [{ type: 'text' as const, text }] : []),
      ...calls.map((c) => ({
        type: 'tool-call' as const,
        toolCallId: c.id,
        toolName: c.name,
        input: c.input,
      })),
    ],
  };
}

function toolMessage(calls: readonly ToolCall[], outcomes: readonly ToolCallOutcome[]): ModelMessage {
  return {
    role: 'tool',
    content: calls.map((c, i) => ({
      type: 'tool-result' as const,
      toolCallId: c.id,
      toolName: c.name,
      output: { type: 'text' as const, value: outcomes[i]!.output },
    })),
  };
}

/**
 * Settles the call that just ended and holds the next one, the agent's or the completion's
 * (docs/reference/balance.md (A call)): each model call is charged as a call of its own, at most its hold. Both in one transaction, so between two calls Parley waits on
 * one commit, not two; a refused hold (the balance is spent) still settles the call before, and ends the reply with
 * that refusal. Answers the prompt's size so far.
 */
async function nextCallBilling(
  ctx: ChatContext,
  turn: Turn,
  next: { model: string; settings: ModelCallSettings },
  step: {
    callText: string;
    usage: TokenUsage | undefined;
    promptTokens: number | null;
    /** What the step adds to the prompt, counted only with the balance on (a page's text is thousands of tokens). */
    addedTokens: () => number;
  },
): Promise<number | null> {
  const billing = turn.billing;
  if (!billing) return step.promptTokens;
  const added = step.addedTokens();
  let promptTokens = 0;
  const outcome = {
    completed: true,
    newText: step.callText,
    ...(step.usage ? { usage: step.usage } : {}),
    messageId: turn.reply.messageId,
  };
  // The prompt is read in the transaction too: whatever fails after the call ended, the call is settled as ended.
  turn.billing = await billing.settleThen(outcome, async (trx, locked) => {
    promptTokens = (step.promptTokens ?? (await turnPromptTokens(trx, ctx, turn))) + added;
    return holdForCall(
      ctx.deps,
      trx,
      turn.userId,
      next.model,
      callSize(next.model, next.settings, promptTokens),
      locked,
    );
  });
  return promptTokens;
}
