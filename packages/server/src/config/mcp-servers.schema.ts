import { z } from 'zod';

/**
 * `mcpServers` of the YAML file (docs/reference/tools.md (MCP servers)): the MCP servers whose tools Parley offers,
 * by name. `${VAR}` references were already replaced by the loader; `{{LIBRECHAT_USER_ID}}` in a header stays as
 * written and is filled per call (features/tools/mcp/user-placeholders.ts).
 */

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
export const DEFAULT_MCP_INIT_TIMEOUT_MS = 10_000;

/** Server names end tool keys (`{tool}_mcp_{server}`), which models accept only in this alphabet. */
const SERVER_NAME = /^[A-Za-z0-9_-]+$/;
const SUPPORTED_PLACEHOLDER = '{{LIBRECHAT_USER_ID}}';
const PLACEHOLDER = /\{\{[A-Za-z0-9_]+\}\}/g;
const ANY_PLACEHOLDER = /\{\{[A-Za-z0-9_]+\}\}/;

const milliseconds = z
  .number()
  .int({ error: 'must be a whole number of milliseconds' })
  .positive({ error: 'must be above 0' });

// Refused rather than sent as written: a header that reaches a server with the braces still in it would quietly
// act as a shared identity.
const headerValue = z.string().superRefine((value, ctx) => {
  for (const found of value.match(PLACEHOLDER) ?? []) {
    if (found !== SUPPORTED_PLACEHOLDER) {
      ctx.addIssue({
        code: 'custom',
        message: `${found} is not supported; only ${SUPPORTED_PLACEHOLDER} is`,
      });
    }
  }
});

// Per-user values exist only per call; a process's environment or a server's address is one for everyone.
const noPlaceholder = z.string().refine((value) => !ANY_PLACEHOLDER.test(value), {
  error: 'per-user placeholders work only in headers',
});

const common = {
  timeout: milliseconds.default(DEFAULT_MCP_TIMEOUT_MS),
  initTimeout: milliseconds.default(DEFAULT_MCP_INIT_TIMEOUT_MS),
  iconPath: z.string().optional(),
};

const stdioServerSchema = z
  .object({
    type: z.literal('stdio').optional(),
    command: z.string().min(1, { error: 'must not be empty' }),
    args: z.array(noPlaceholder).optional(),
    env: z.record(z.string(), noPlaceholder).optional(),
    ...common,
  })
  .loose();

const remoteServerSchema = z
  .object({
    type: z.enum(['streamable-http', 'sse']),
    url: noPlaceholder.refine(isHttpUrl, { error: 'must be an http:// or https:// URL' }),
    headers: z.record(z.string(), headerValue).optional(),
    ...common,
  })
  .loose();

const serverSchema = z.discriminatedUnion('type', [stdioServerSchema, remoteServerSchema], {
  error: (issue) =>
    issue.code === 'invalid_union' ? 'type must be stdio (the default), streamable-http or sse' : undefined,
});

export const mcpServersSchema = z.record(z.string(), serverSchema).superRefine((servers, ctx) => {
  for (const name of Object.keys(servers)) {
    if (!SERVER_NAME.test(name)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `"${name}" is not a valid server name: use letters, digits, - and _ only`,
      });
    }
  }
});

export type McpServersConfig = z.infer<typeof mcpServersSchema>;
export type McpServerConfig = McpServersConfig[string];
export type McpStdioServerConfig = z.infer<typeof stdioServerSchema>;
export type McpRemoteServerConfig = z.infer<typeof remoteServerSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function isRemoteServer(config: McpServerConfig): config is McpRemoteServerConfig {
  return config.type === 'streamable-http' || config.type === 'sse';
}
