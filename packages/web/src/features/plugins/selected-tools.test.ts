import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS, type PluginListEntry } from '@parley/shared';
import { installedPlugins, rememberedKeys, toggleTool, toolsToStore } from './selected-tools';

const plugins: PluginListEntry[] = BUILTIN_PLUGINS.map((p) => ({ ...p, authenticated: true }));
const installed = installedPlugins(plugins, ['wolfram', 'calculator', 'gone']);

describe('the tool picker', () => {
  it("lists the user's installed plugins in the store's order", () => {
    expect(installed.map((p) => p.pluginKey)).toEqual(['calculator', 'wolfram']);
  });

  it('toggles a key, keeping the installed order', () => {
    expect(toggleTool(['wolfram'], 'calculator', installed)).toEqual(['calculator', 'wolfram']);
    expect(toggleTool(['calculator', 'wolfram'], 'calculator', installed)).toEqual(['wolfram']);
  });

  it('remembers plugin objects and reads back only what is still installed', () => {
    const stored = toolsToStore(['calculator', 'unknown'], plugins);
    expect(stored[0]).toMatchObject({
      pluginKey: 'calculator',
      name: 'Calculator',
      icon: '/assets/plugins/calculator.svg',
    });
    expect(stored[0]).not.toHaveProperty('authenticated');
    expect(stored[1]).toEqual({ pluginKey: 'unknown' });
    expect(rememberedKeys(stored, ['calculator'])).toEqual(['calculator']);
    expect(rememberedKeys(null, ['calculator'])).toEqual([]);
  });
});
