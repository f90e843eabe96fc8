import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUILTIN_PLUGINS } from '@parley/shared';
import type { Tool } from './tool';
import { createToolRegistry } from './tool-registry';

const mcpTool = (key: string): Tool => ({
  key,
  description: 'An MCP tool.',
  input: z.object({}),
  run: async () => ({ output: key }),
});

const noMcp = { tool: () => undefined, tools: () => [] };

describe('createToolRegistry', () => {
  it('has a tool for every built-in plugin of the catalogue', () => {
    const registry = createToolRegistry({ dalleBaseUrl: null }, noMcp);
    expect(registry.keys()).toEqual(expect.arrayContaining(BUILTIN_PLUGINS.map((p) => p.pluginKey)));
    for (const plugin of BUILTIN_PLUGINS) expect(registry.get(plugin.pluginKey)?.key).toBe(plugin.pluginKey);
    expect(registry.get('nothing')).toBeUndefined();
  });

  it("adds the MCP servers' tools as they are now; a built-in key is never taken over", () => {
    let listed = [mcpTool('add_mcp_maths')];
    const mcp = {
      tools: () => listed,
      tool: (key: string) => [...listed, mcpTool('calculator')].find((t) => t.key === key),
    };
    const registry = createToolRegistry({ dalleBaseUrl: null }, mcp);
    expect(registry.keys()).toContain('add_mcp_maths');
    expect(registry.get('add_mcp_maths')?.description).toBe('An MCP tool.');
    expect(registry.get('calculator')?.description).not.toBe('An MCP tool.');
    listed = [];
    expect(registry.keys()).not.toContain('add_mcp_maths');
  });
});
