import { describe, expect, it } from 'vitest';
import { MCP_PLUGIN_ICON, mcpStorePlugins } from './mcp-plugins';

describe('mcpStorePlugins', () => {
  it('lists each MCP tool under its key, named after the tool and its server, needing no user credentials', () => {
    expect(
      mcpStorePlugins([
        { key: 'add_mcp_maths', description: 'Adds two numbers.' },
        { key: 'read_file_mcp_my-files', description: 'Reads a file.' },
      ]),
    ).toEqual([
      {
        name: 'add (maths)',
        pluginKey: 'add_mcp_maths',
        description: 'Adds two numbers.',
        icon: MCP_PLUGIN_ICON,
        authConfig: [],
      },
      {
        name: 'read_file (my-files)',
        pluginKey: 'read_file_mcp_my-files',
        description: 'Reads a file.',
        icon: MCP_PLUGIN_ICON,
        authConfig: [],
      },
    ]);
  });
});
