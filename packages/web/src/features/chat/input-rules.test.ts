import { describe, expect, it } from 'vitest';
import { inputRules, type InputRulesContext } from './input-rules';

const base: InputRulesContext = {
  conversationId: 'c1',
  text: 'Hello',
  submitting: false,
  noEndpoint: false,
  endpointPending: false,
  keyMissing: false,
  filesLoading: false,
  modelName: 'gpt-4',
  endpointName: 'OpenAI',
};
const rules = (patch: Partial<InputRulesContext>) => inputRules({ ...base, ...patch });

describe('inputRules', () => {
  it('ready: the placeholder names the model; send needs non-blank text', () => {
    expect(rules({})).toEqual({
      mode: 'ready',
      textDisabled: false,
      sendDisabled: false,
      placeholder: { key: 'com_ui_chat_input_placeholder', values: { model: 'gpt-4' } },
    });
    expect(rules({ text: '   \n' }).sendDisabled).toBe(true);
    expect(rules({ modelName: '' }).placeholder.key).toBe('com_ui_chat_input_placeholder_plain');
  });

  it('send is disabled while submitting, while files load or the endpoint is not known yet; typing is not', () => {
    expect(rules({ submitting: true })).toMatchObject({ textDisabled: false, sendDisabled: true });
    expect(rules({ filesLoading: true })).toMatchObject({ textDisabled: false, sendDisabled: true });
    expect(rules({ endpointPending: true })).toMatchObject({ textDisabled: false, sendDisabled: true });
  });

  it('a missing required key asks for it, naming the endpoint', () => {
    expect(rules({ keyMissing: true })).toMatchObject({
      mode: 'needs-key',
      textDisabled: true,
      sendDisabled: true,
      placeholder: { key: 'com_ui_chat_input_set_key', values: { endpoint: 'OpenAI' } },
    });
  });

  it('blocks the search view and a chat without an endpoint', () => {
    expect(rules({ conversationId: 'search' })).toMatchObject({ mode: 'search', textDisabled: true });
    expect(rules({ noEndpoint: true })).toMatchObject({ mode: 'no-endpoint', sendDisabled: true });
  });

  it('on the assistants endpoint, the box waits for an assistant to be chosen (after a missing key)', () => {
    expect(rules({ assistantMissing: true })).toEqual({
      mode: 'needs-assistant',
      textDisabled: true,
      sendDisabled: true,
      placeholder: { key: 'com_ui_chat_input_select_assistant' },
    });
    expect(rules({ assistantMissing: true, keyMissing: true }).mode).toBe('needs-key');
    expect(rules({ assistantMissing: false }).mode).toBe('ready');
  });
});
