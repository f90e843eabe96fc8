import { z } from 'zod';
import {
  actionFunctionName,
  parseOpenApi,
  type ActionFunctionSpec,
  type ActionOperation,
} from '@parley/shared';
import { ToolError, type Tool, type ToolContext } from '../tools/tool';
import { apiKeyHeaders, oauthHeaders } from './action-auth-headers';
import { ActionAuthRequired } from './action-errors';
import { buildActionRequest } from './action-request';
import { answerText, readCapped } from './action-response';
import type { ActionSecrets, StoredAction } from './action.types';

/** Limits of one call to an action's API. */
export interface ActionCallLimits {
  /** The whole call, answer included. */
  timeoutMs: number;
  /** What is read of an answer; the rest is cut. The tool runner caps what reaches the model again. */
  maxResponseBytes: number;
}

export const ACTION_CALL_LIMITS: ActionCallLimits = Object.freeze({
  timeoutMs: 30_000,
  maxResponseBytes: 1_000_000,
});

export interface CreateActionToolsOptions {
  /** The stored action: its functions are made here from `metadata.raw_spec`, never taken from a client. */
  action: Pick<StoredAction, 'action_id' | 'metadata'>;
  /** Its opened secrets (`openActionSecrets`). */
  auth: ActionSecrets;
  /** The guarded fetch (USER_URL_ALLOWED_RANGES applied); every request goes through it. */
  guardedFetch: typeof fetch;
  limits?: Partial<ActionCallLimits>;
  /** The user's access token for an OAuth action (`ActionOAuth.tokenSource`); throws ActionAuthRequired. */
  oauthToken?: (ctx: ToolContext) => Promise<string>;
  /**
   * Told when a call needs the user's consent first. The tool runner turns the throw into a failed step, so a run
   * loop learns here that the run should wait in `requires_action` (with `authorizationUrl`) instead.
   */
  onAuthRequired?: (required: ActionAuthRequired) => void;
  /**
   * How long a call of an OAuth action may spend getting its token (a refresh, the wait for the user's consent),
   * beyond the call's own limit: the runner's time limit grows by it.
   */
  signInMs?: number;
}

/**
 * One tool per operation of an action, named as LibreChat names assistant functions
 * (`<operationId>_action_<encoded domain>`). A schema that no longer parses gives no tools (it was checked when
 * saved; a damaged row must not stop the assistant's other tools).
 */
export function createActionTools(options: CreateActionToolsOptions): Tool<Record<string, unknown>>[] {
  const parsed = parseOpenApi(options.action.metadata.raw_spec);
  if (!parsed.ok) return [];
  const limits = { ...ACTION_CALL_LIMITS, ...options.limits };
  return parsed.functions.map((fn, i) =>
    createOperationTool(options, fn, parsed.operations[i]!, parsed.serverUrl, parsed.domain, limits),
  );
}

function createOperationTool(
  options: CreateActionToolsOptions,
  fn: ActionFunctionSpec,
  op: ActionOperation,
  serverUrl: string,
  domain: string,
  limits: ActionCallLimits,
): Tool<Record<string, unknown>> {
  const input = inputSchemaOf(fn.parameters);
  return {
    key: actionFunctionName(fn.name, domain),
    description: fn.description || `${op.method.toUpperCase()} ${op.path} on ${domain}`,
    input,
    // The runner's limit sits a little above the call's own (and the sign-in's), so their clearer messages are seen.
    timeoutMs:
      limits.timeoutMs +
      (options.action.metadata.auth.type === 'oauth' ? (options.signInMs ?? 0) : 0) +
      1_000,
    run: async (args, ctx) => {
      // Checked here too, so a caller that skips the runner still sends nothing for arguments of the wrong type.
      const checked = input.safeParse(args);
      if (!checked.success) throw new ToolError(`invalid arguments: ${checked.error.issues[0]?.message}`);
      const request = buildActionRequest(op, serverUrl, checked.data);
      const { auth } = options.action.metadata;
      const signIn =
        auth.type === 'oauth' ? oauthHeaders(await tokenOf(options, ctx)) : apiKeyHeaders(auth, options.auth);
      return {
        output: await call(
          options.guardedFetch,
          { ...request, headers: { ...request.headers, ...signIn } },
          ctx,
          limits,
          domain,
        ),
      };
    },
  };
}

async function tokenOf(options: CreateActionToolsOptions, ctx: ToolContext): Promise<string> {
  if (!options.oauthToken) throw new ToolError('this OAuth action has no token store');
  try {
    return await options.oauthToken(ctx);
  } catch (error) {
    if (error instanceof ActionAuthRequired) options.onAuthRequired?.(error);
    throw error;
  }
}

async function call(
  guardedFetch: typeof fetch,
  request: ReturnType<typeof buildActionRequest>,
  ctx: ToolContext,
  limits: ActionCallLimits,
  domain: string,
): Promise<string> {
  // A timer of this process (not AbortSignal.timeout), so the limit follows the clock tests move.
  const limit = new AbortController();
  const timer = setTimeout(
    () => limit.abort(new ToolError(`${domain} gave no answer within ${limits.timeoutMs / 1000} s`)),
    limits.timeoutMs,
  );
  const signal = AbortSignal.any([ctx.signal, limit.signal]);
  try {
    const res = await guardedFetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal,
    });
    const body = await readCapped(res, limits.maxResponseBytes);
    if (!res.ok) throw new ToolError(`${domain} answered HTTP ${res.status}${errorCode(body.bytes)}`);
    return answerText(body, res.headers.get('content-type'), limits.maxResponseBytes);
  } catch (error) {
    if (limit.signal.aborted && !ctx.signal.aborted) throw limit.signal.reason as Error;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The machine code the guarded fetch kept of an error answer (its text is withheld), as ` (code)`. */
function errorCode(bytes: Uint8Array): string {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as {
      error?: { code?: unknown; type?: unknown };
    };
    const code = parsed.error?.code ?? parsed.error?.type;
    return typeof code === 'string' ? ` (${code})` : '';
  } catch {
    return '';
  }
}

/**
 * The zod schema the arguments are checked with, from the function's JSON Schema. One zod cannot read becomes an
 * object of anything: each argument's place still refuses values it cannot carry (action-request.ts).
 */
function inputSchemaOf(parameters: ActionFunctionSpec['parameters']): z.ZodType<Record<string, unknown>> {
  try {
    const schema = z.fromJSONSchema(parameters as Parameters<typeof z.fromJSONSchema>[0]);
    if (schema instanceof z.ZodObject) return schema as unknown as z.ZodType<Record<string, unknown>>;
  } catch {
    // Falls through to the permissive schema.
  }
  return z.looseObject({});
}
