import { describe, expect, it } from 'vitest';
import {
  canContinue,
  canEdit,
  canRegenerate,
  goOnHint,
  messageActions,
  type MessageActionContext,
} from './message-action-rules';

const ai = { isCreatedByUser: false, error: false, unfinished: false, finish_reason: 'stop' };
const human = { isCreatedByUser: true, error: false, unfinished: false, finish_reason: undefined };

function ctx(over: Partial<MessageActionContext> = {}): MessageActionContext {
  return {
    message: ai,
    endpoint: 'openAI',
    isLatest: true,
    isEditing: false,
    submitting: false,
    isSearchResult: false,
    recentlyStopped: false,
    ...over,
  };
}

describe('regenerate', () => {
  it('is offered for AI messages on branching endpoints, a custom endpoint by its kind', () => {
    for (const endpoint of [
      'azureOpenAI',
      'openAI',
      'chatGPTBrowser',
      'google',
      'bingAI',
      'gptPlugins',
      'anthropic',
      'Mirror',
    ]) {
      expect(canRegenerate(ctx({ endpoint })), endpoint).toBe(true);
    }
    // An assistant's reply regenerates on the assistants path's /modify.
    expect(canRegenerate(ctx({ endpoint: 'assistants' }))).toBe(true);
  });

  it('is not offered for user messages, while editing or submitting, or on search results', () => {
    expect(canRegenerate(ctx({ message: human }))).toBe(false);
    expect(canRegenerate(ctx({ isEditing: true }))).toBe(false);
    expect(canRegenerate(ctx({ submitting: true }))).toBe(false);
    expect(canRegenerate(ctx({ isSearchResult: true }))).toBe(false);
    // Any AI message, not only the latest; an errored one too (regenerate is the way out of an error).
    expect(canRegenerate(ctx({ isLatest: false }))).toBe(true);
    expect(canRegenerate(ctx({ message: { ...ai, error: true } }))).toBe(true);
  });
});

describe('continue', () => {
  const unfinished = { ...ai, finish_reason: undefined };

  it('is offered on the latest reply whose finish_reason is not stop, on continuing endpoints', () => {
    for (const endpoint of [
      'openAI',
      'google',
      'assistants',
      'anthropic',
      'gptPlugins',
      'azureOpenAI',
      'Mirror',
    ]) {
      expect(canContinue(ctx({ endpoint, message: unfinished })), endpoint).toBe(true);
    }
    expect(canContinue(ctx({ message: { ...ai, finish_reason: 'length' } }))).toBe(true);
    expect(canContinue(ctx())).toBe(false);
    for (const endpoint of ['bingAI', 'chatGPTBrowser']) {
      expect(canContinue(ctx({ endpoint, message: unfinished })), endpoint).toBe(false);
    }
  });

  it('is not offered for older messages, user messages, edits, search results, errors or while streaming', () => {
    expect(canContinue(ctx({ message: unfinished, isLatest: false }))).toBe(false);
    expect(canContinue(ctx({ message: human }))).toBe(false);
    expect(canContinue(ctx({ message: unfinished, isEditing: true }))).toBe(false);
    expect(canContinue(ctx({ message: unfinished, isSearchResult: true }))).toBe(false);
    expect(canContinue(ctx({ message: { ...unfinished, error: true } }))).toBe(false);
    expect(canContinue(ctx({ message: unfinished, submitting: true }))).toBe(false);
  });

  it('is offered for an errored reply that kept the partial text of a failure mid-stream', () => {
    const partial = { ...ai, finish_reason: undefined, error: true, unfinished: true };
    expect(canContinue(ctx({ message: partial }))).toBe(true);
    expect(canContinue(ctx({ message: partial, submitting: true }))).toBe(false);
    expect(canContinue(ctx({ message: partial, isLatest: false }))).toBe(false);
  });

  it('shows right after Stop on the latest reply, even before the stream has ended', () => {
    expect(canContinue(ctx({ recentlyStopped: true, submitting: true }))).toBe(true);
    expect(canContinue(ctx({ recentlyStopped: true, isLatest: false }))).toBe(false);
    expect(canContinue(ctx({ recentlyStopped: true, message: human }))).toBe(false);
    expect(canContinue(ctx({ recentlyStopped: true, endpoint: 'bingAI' }))).toBe(false);
  });
});

describe('edit', () => {
  it('is hidden while submitting, on errors and on search results', () => {
    expect(canEdit(ctx())).toBe(true);
    expect(canEdit(ctx({ message: human }))).toBe(true);
    expect(canEdit(ctx({ submitting: true }))).toBe(false);
    expect(canEdit(ctx({ message: { ...ai, error: true } }))).toBe(false);
    expect(canEdit(ctx({ message: human, isSearchResult: true }))).toBe(false);
  });

  it('is hidden on unsupported endpoints: AI messages need an endpoint that can continue', () => {
    expect(canEdit(ctx({ endpoint: 'bingAI', message: human }))).toBe(true);
    expect(canEdit(ctx({ endpoint: 'bingAI' }))).toBe(false);
    expect(canEdit(ctx({ endpoint: 'assistants', message: human }))).toBe(true);
    expect(canEdit(ctx({ endpoint: 'assistants' }))).toBe(true);
    expect(canEdit(ctx({ endpoint: 'Mirror', message: human }))).toBe(true);
  });
});

it('messageActions always offers Copy and combines the rules', () => {
  expect(messageActions(ctx({ message: human, submitting: true }))).toEqual({
    copy: true,
    edit: false,
    regenerate: false,
    continue: false,
  });
  expect(messageActions(ctx({ message: { ...ai, finish_reason: undefined } }))).toEqual({
    copy: true,
    edit: true,
    regenerate: true,
    continue: true,
  });
});

describe('the way to go on under the latest reply', () => {
  const hint = (over: Partial<MessageActionContext> = {}, live = false) => goOnHint({ ...ctx(over), live });
  const stopped = { ...ai, finish_reason: undefined, unfinished: true };
  const failed = { ...ai, finish_reason: undefined, error: true };

  it('shows under an errored or unfinished latest reply, naming Continue when it is offered', () => {
    expect(hint({ message: stopped })).toBe('com_ui_msg_go_on_continue');
    expect(hint({ message: { ...failed, unfinished: true } })).toBe('com_ui_msg_go_on_continue');
    expect(hint({ message: failed })).toBe('com_ui_msg_go_on');
    expect(hint({ message: stopped, endpoint: 'bingAI' })).toBe('com_ui_msg_go_on');
  });

  it('does not show on a complete reply, an older one, a user message, while streaming or on search results', () => {
    expect(hint()).toBeNull();
    expect(hint({ message: failed, isLatest: false })).toBeNull();
    expect(hint({ message: { ...human, error: true } })).toBeNull();
    expect(hint({ message: stopped }, true)).toBeNull();
    expect(hint({ message: stopped, submitting: true })).toBeNull();
    expect(hint({ message: failed, isSearchResult: true })).toBeNull();
  });
});
