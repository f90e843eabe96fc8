import { isObject } from './loose';
import { ScriptError } from './script';
import type { SimScript, SimStep, SimToolCall } from './types';

function checkCalls(calls: unknown, where: string): void {
  if (calls === undefined) return;
  const ok =
    Array.isArray(calls) &&
    calls.every(
      (c) =>
        isObject(c) &&
        typeof c['name'] === 'string' &&
        (c['input'] === undefined || isObject(c['input'])) &&
        (c['arguments'] === undefined || isObject(c['arguments'])),
    );
  if (!ok) throw new ScriptError(`sim script ${where} must be a list of {name, input} with input an object`);
}

/** The calls a script makes on the run's first model call, written as `steps` or as the `toolCalls` shorthand. */
function stepsOf(script: SimScript): SimStep[] {
  if (script.steps !== undefined && script.toolCalls !== undefined) {
    throw new ScriptError('sim script has both steps and toolCalls; put the calls in the first step');
  }
  checkCalls(script.toolCalls, 'toolCalls');
  if (script.steps === undefined) return script.toolCalls ? [{ toolCalls: script.toolCalls }] : [];
  if (!Array.isArray(script.steps) || !script.steps.every(isObject)) {
    throw new ScriptError('sim script steps must be a list of objects');
  }
  script.steps.forEach((step, i) => checkCalls(step.toolCalls, `steps[${i}].toolCalls`));
  return script.steps;
}

/**
 * The script that answers a request carrying `toolRounds` rounds of tool results. The sim keeps no state between
 * requests, so this count is what moves a run from one step to the next. Past the last step, the script's own
 * reply (or the default one) ends the run, so a runtime that loops on gets text, not the same calls forever.
 */
export function stepFor(script: SimScript, toolRounds: number): SimStep {
  const steps = stepsOf(script);
  const step = steps[toolRounds];
  const { steps: _steps, toolCalls: _calls, ...final } = script;
  if (step === undefined) return final;
  // Content and faults belong to one step each; only the pace is shared, so a slow script is slow throughout.
  // Unset fields are left out, not copied as undefined, so server-wide defaults still apply under them.
  const pace = Object.entries({
    rate: script.rate,
    firstTokenDelayMs: script.firstTokenDelayMs,
    chunkSize: script.chunkSize,
  }).filter(([, v]) => v !== undefined);
  return { ...Object.fromEntries(pace), ...step };
}

/** The script for a request to `model`: its own under `byModel` when it has one. */
export function scriptForModel(script: SimScript, model: string | undefined): SimScript {
  const own = model === undefined ? undefined : script.byModel?.[model];
  if (own !== undefined && !isObject(own))
    throw new ScriptError(`sim script byModel.${model} must be an object`);
  return own ?? script;
}

/** The first scripted call to a tool the request did not offer, which a real model could not have made. */
export function unofferedCall(calls: readonly SimToolCall[], offered: readonly string[]): string | undefined {
  return calls.find((c) => !offered.includes(c.name))?.name;
}
