import { describe, expect, it } from 'vitest';
import {
  canContinue,
  canEdit,
  canRegenerate,
  messageActions,
  type MessageActionContext,
} from './message-action-rules';

const ai = { isCreatedByUser: false, error: false, finish_reason: 'stop' };
const human = { isCreatedByUser: true, error: false, finish_reason: null };

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
    expect(canRegenerate(ctx({ endpoint: 'assistants' }))).toBe(false);
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
  const unfinished = { ...ai, finish_reason: null };

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
  expect(messageActions(ctx({ message: { ...ai, finish_reason: null } }))).toEqual({
    copy: true,
    edit: true,
    regenerate: true,
    continue: true,
  });
});
