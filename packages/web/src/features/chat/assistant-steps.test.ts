import { describe, expect, it } from 'vitest';
import { encodeActionDomain } from '@parley/shared';
import {
  actionOf,
  assistantStep,
  consentLinkOf,
  replySources,
  stepLabel,
  type AssistantStep,
} from './assistant-steps';
import {
  actionStep,
  codeStep,
  CONSENT_EXPIRES_AT,
  consentStep,
  encodedActionStep,
  failedActionStep,
  flatCodeStep,
  retrievalStep,
} from './assistant-step.fixtures';

const NOW = CONSENT_EXPIRES_AT - 60_000;
const read = (call: Parameters<typeof assistantStep>[0], knownDomains?: string[]) =>
  assistantStep(call, { now: NOW, knownDomains });
const label = (step: AssistantStep | null) => (step ? stepLabel(step) : null);

describe('a code interpreter step', () => {
  it('shows its code, what it printed and the images it drew, from the nested shape', () => {
    expect(read(codeStep)).toEqual({
      kind: 'code',
      state: 'done',
      code: 'import math\nprint(6 * 7)',
      logs: '42',
      imageIds: ['file_plot'],
    });
  });

  it('is read from the flat shape too: the code argument and the output', () => {
    expect(read(flatCodeStep)).toEqual({
      kind: 'code',
      state: 'done',
      code: 'print(1 + 1)',
      logs: '2',
      imageIds: [],
    });
    expect(read({ ...flatCodeStep, arguments: 'not json' })).toMatchObject({ code: 'not json' });
  });

  it('reads "Analyzing…" while it runs, then "Finished analyzing", or that it failed', () => {
    const running = read({ ...codeStep, output: null, progress: 0 });
    expect(running?.state).toBe('running');
    expect(label(running)).toEqual({ key: 'com_ui_step_analyzing' });
    expect(label(read(codeStep))).toEqual({ key: 'com_ui_step_analyzed' });
    const failed = read({
      ...codeStep,
      output: 'error processing tool code_interpreter: Traceback …\nZeroDivisionError',
    });
    expect(failed).toMatchObject({ state: 'failed', logs: expect.stringContaining('ZeroDivisionError') });
    expect(label(failed)).toEqual({ key: 'com_ui_step_analysis_failed' });
  });
});

describe('a retrieval step', () => {
  it('carries its citations and output; "Searching my knowledge" then "Used Retrieval"', () => {
    const step = read(retrievalStep);
    expect(step).toMatchObject({ kind: 'retrieval', state: 'done', citations: retrievalStep.citations });
    expect(label(step)).toEqual({ key: 'com_ui_step_used_retrieval' });
    expect(label(read({ ...retrievalStep, output: null, progress: 0 }))).toEqual({
      key: 'com_ui_step_searching_knowledge',
    });
    expect(label(read({ ...retrievalStep, output: 'error processing tool retrieval: busy' }))).toEqual({
      key: 'com_ui_step_retrieval_failed',
    });
  });

  it('without citations (the flat shape) keeps its output to show', () => {
    const flat = {
      id: 'r',
      type: 'function',
      name: 'retrieval',
      arguments: '{}',
      output: '[1] a.txt\nx',
      progress: 1,
    };
    expect(read(flat)).toEqual({ kind: 'retrieval', state: 'done', citations: [], output: '[1] a.txt\nx' });
  });
});

describe('an action step', () => {
  it('"Running action", then "Talked to {domain}" for a short domain', () => {
    expect(read(actionStep)).toMatchObject({
      kind: 'action',
      functionName: 'getForecast',
      domain: 'a.io',
      input: '{"city":"Paris"}',
      output: '{"forecast":"sunny"}',
      consent: null,
    });
    expect(label(read(actionStep))).toEqual({ key: 'com_ui_step_talked_to', values: { domain: 'a.io' } });
    expect(label(read({ ...actionStep, output: null, progress: 0, function: undefined }))).toEqual({
      key: 'com_ui_step_running_action',
    });
  });

  it('"Ran {function}" when the name holds a long domain\'s base64, unless the user\'s actions tell the domain', () => {
    expect(label(read(encodedActionStep))).toEqual({ key: 'com_ui_step_ran', values: { name: 'getPoints' } });
    expect(encodeActionDomain('api.weather.gov')).toBe('YXBpLndlYX');
    expect(label(read(encodedActionStep, ['a.io', 'api.weather.gov']))).toEqual({
      key: 'com_ui_step_talked_to',
      values: { domain: 'api.weather.gov' },
    });
  });

  it('a failed action says so, naming the site or the function', () => {
    expect(read(failedActionStep)?.state).toBe('failed');
    expect(label(read(failedActionStep))).toEqual({
      key: 'com_ui_step_action_failed',
      values: { name: 'a.io' },
    });
    const encodedFailed = { ...encodedActionStep, output: 'error processing tool x: refused' };
    expect(label(read(encodedFailed))).toEqual({
      key: 'com_ui_step_action_failed',
      values: { name: 'getPoints' },
    });
  });

  it("waiting for the user's consent: the link's site and its expiry, gone once the step has run", () => {
    expect(read(consentStep)).toMatchObject({
      state: 'running',
      consent: {
        url: 'https://accounts.example.com/o/oauth2/auth?client_id=parley&state=abc',
        domain: 'accounts.example.com',
        expiresAt: CONSENT_EXPIRES_AT,
        expired: false,
      },
    });
    expect(read({ ...consentStep, output: '{"events":[]}', progress: 1 })?.kind === 'action').toBe(true);
    expect(read({ ...consentStep, output: '{"events":[]}', progress: 1 })).toMatchObject({ consent: null });
  });

  it('a consent link is an http(s) address only, and expires at its time', () => {
    expect(consentLinkOf({ ...consentStep, auth: 'javascript:alert(1)' }, NOW)).toBeNull();
    expect(consentLinkOf({ ...consentStep, auth: 'not a url' }, NOW)).toBeNull();
    expect(consentLinkOf({ ...consentStep, auth: undefined }, NOW)).toBeNull();
    expect(consentLinkOf(consentStep, CONSENT_EXPIRES_AT)?.expired).toBe(true);
    expect(consentLinkOf({ ...consentStep, expires_at: undefined }, NOW)).toMatchObject({
      expiresAt: null,
      expired: false,
    });
  });
});

describe('actionOf', () => {
  it('reads `<operationId>_action_<domain>`, the last delimiter before the domain', () => {
    expect(actionOf('get_action_item_action_a---b---io')).toEqual({
      functionName: 'get_action_item',
      domain: 'a.b.io',
    });
    expect(actionOf('ping_action_localhost')).toEqual({ functionName: 'ping', domain: 'localhost' });
  });

  it('is null for names that are not an action function', () => {
    expect(actionOf('calculator')).toBeNull();
    expect(actionOf('_action_a---io')).toBeNull();
    expect(actionOf('get_action_')).toBeNull();
  });
});

describe('steps shown as any tool step', () => {
  it('a plugin an assistant calls is not an assistant step', () => {
    const plugin = {
      id: 'p',
      type: 'function',
      name: 'calculator',
      arguments: '{}',
      output: '4',
      progress: 1,
    };
    expect(read(plugin)).toBeNull();
  });
});

describe('replySources', () => {
  it("lists a reply's passages by file, in the order first found, each passage once", () => {
    const again = { ...retrievalStep, citations: [retrievalStep.citations![0]!] };
    expect(replySources([retrievalStep, codeStep, again])).toEqual([
      {
        fileId: 'file_policy',
        filename: 'policy.pdf',
        passages: [
          { where: 'page 3', text: 'Refunds are accepted within 30 days.' },
          { where: 'page 7', text: 'Shipping is not refunded.' },
        ],
      },
      { fileId: 'file_faq', filename: '常见问题.docx', passages: [{ text: '退款在三十天内受理。' }] },
    ]);
    expect(replySources([codeStep])).toEqual([]);
  });
});
