import { describe, expect, it } from 'vitest';
import {
  conversationOptionsSchema,
  MAX_SELECTED_TOOLS,
  selectedToolKeys,
} from './conversation-options.schema';

describe('selected tools', () => {
  it('takes plugin keys and whole plugins, kept as sent', () => {
    const tools = ['calculator', { pluginKey: 'google', name: 'Google', icon: '/assets/plugins/google.svg' }];
    expect(conversationOptionsSchema.parse({ tools }).tools).toEqual(tools);
  });

  it('reads the keys of either form, in order, each once', () => {
    expect(selectedToolKeys(['calculator', { pluginKey: 'google' }, { pluginKey: 'calculator' }])).toEqual([
      'calculator',
      'google',
    ]);
    expect(selectedToolKeys(undefined)).toEqual([]);
  });

  it('refuses a tool with no key, an empty key, and too many tools', () => {
    for (const tools of [
      [{ name: 'No key' }],
      [''],
      [3],
      Array.from({ length: MAX_SELECTED_TOOLS + 1 }, () => 'x'),
    ]) {
      expect(conversationOptionsSchema.safeParse({ tools }).success).toBe(false);
    }
    const refused = conversationOptionsSchema.safeParse({ tools: [{ name: 'No key' }] });
    expect(refused.error?.issues[0]?.message).toBe(
      'a tool is its plugin key, or a plugin with its pluginKey',
    );
  });
});
