import { buffer } from 'node:stream/consumers';
import type { AssistantTool } from '@parley/shared';
import type { AssistantsSettings } from '../../config/assistants-settings';
import { TOKEN_EXCHANGE_TIMEOUT_MS } from '../actions/action-oauth-exchange';
import type { ActionOAuth } from '../actions/action-oauth.service';
import { ACTION_OAUTH_STATE_TTL_MS } from '../actions/action-oauth-state';
import { openActionSecrets } from '../actions/action-secrets';
import type { ChatContext } from '../chat/chat-context';
import { refuseTools, TOOL_MESSAGES } from '../chat/tool-refusals';
import type { TurnTool } from '../chat/turn-tools';
import { createCodeInterpreterTool } from '../code-interpreter/code-interpreter.tool';
import type { SandboxPool } from '../code-interpreter/sandbox-pool';
import type { SandboxFile } from '../code-interpreter/sandbox-process';
import { findUserFiles } from '../files/files.repository';
import { pluginAuthFor, userGivenFields } from '../plugins/plugin-auth.service';
import { findStorePlugin } from '../plugins/store-catalogue';
import type { Tool } from '../tools/tool';
import { createRetrievalTool } from '../knowledge/retrieval-tool';
import type { KnowledgePassage, SearchKnowledgeInput } from '../knowledge/knowledge-search.service';
import { actionsOfAssistant } from './assistant-actions.repository';
import { storedAction } from './assistant-action-record';
import { isActionFunction } from './assistant-tools';
import { consentedToken, type ConsentGate } from './action-consent';

/** What an assistant's tools are made with, beside the chat's context: made once per app. */
export interface AssistantRuntime {
  /** The Python sandboxes; null when the code interpreter is off. */
  sandboxes: SandboxPool | null;
  /** The guarded fetch actions call their APIs through (USER_URL_ALLOWED_RANGES applied). */
  guardedFetch: typeof fetch;
  /** OAuth actions' sign-in: the consent URL, the callback's token exchange, the stored tokens. */
  oauth: ActionOAuth;
  /** The knowledge search retrieval answers from. */
  search: (input: SearchKnowledgeInput, signal?: AbortSignal) => Promise<KnowledgePassage[]>;
}

/** Where an assistant's turn runs: its owner, its conversation, and the files its code may read. */
export interface AssistantToolScope {
  userId: string;
  conversationId: string;
  settings: AssistantsSettings;
  tools: readonly AssistantTool[];
  assistantId: string;
  /** The assistant's knowledge files and the message's files: the code interpreter reads them. */
  fileIds: readonly string[];
  /** The assistant's knowledge files alone: retrieval searches them. */
  knowledgeIds: readonly string[];
  /** The turn's run, named in an OAuth consent's state. */
  runId: string;
  /** Where the turn's OAuth actions wait for the user's consent. */
  consent: ConsentGate;
}

const noCredentials = { auth: {}, userGiven: new Set<string>() } as const;

/**
 * The tools one assistant turn may call (docs/reference/assistants.md (Tools)): its plugins with the user's or the
 * operator's credentials, the code interpreter and its actions when the operator allows them. A plugin that is
 * gone or lacks its settings is refused before the turn (400), as on the Plugins endpoint. Each is given the kind of
 * OpenAI tool call its steps are shown as (code_interpreter, retrieval, or function for plugins and actions).
 */
export async function assistantTurnTools(
  ctx: ChatContext,
  runtime: AssistantRuntime,
  scope: AssistantToolScope,
): Promise<TurnTool[]> {
  const out: TurnTool[] = [];
  const allowed = new Set(scope.settings.capabilities);
  const extra = ctx.tools.extraPlugins();
  for (const tool of scope.tools) {
    if (tool.type === 'code_interpreter') {
      if (allowed.has('code_interpreter') && runtime.sandboxes)
        out.push({
          tool: codeInterpreter(ctx, runtime.sandboxes, scope) as Tool,
          ...noCredentials,
          kind: 'code_interpreter',
        });
      continue;
    }
    if (tool.type === 'retrieval') {
      if (allowed.has('retrieval'))
        out.push({ tool: retrieval(ctx, runtime, scope) as Tool, ...noCredentials, kind: 'retrieval' });
      continue;
    }
    if (tool.type !== 'function' || isActionFunction(tool)) continue;
    const key = tool.function.name;
    const registered = ctx.tools.registry.get(key);
    const plugin = findStorePlugin(key, extra);
    if (!registered || !plugin) throw refuseTools(TOOL_MESSAGES.unknown(key));
    const auth = await pluginAuthFor(ctx.deps, scope.userId, key, extra);
    if (!auth) throw refuseTools(TOOL_MESSAGES.settings(plugin.name));
    out.push({ tool: registered, auth, userGiven: userGivenFields(ctx.deps, key, extra), kind: 'function' });
  }
  if (allowed.has('actions')) out.push(...(await actionTools(ctx, runtime, scope)));
  return out;
}

async function actionTools(
  ctx: ChatContext,
  runtime: AssistantRuntime,
  scope: AssistantToolScope,
): Promise<TurnTool[]> {
  const rows = await actionsOfAssistant(ctx.deps.database.db, scope.userId, scope.assistantId);
  if (rows.length === 0) return [];
  // Loaded with the first action: its OpenAPI reader (and YAML) is not part of the server's start.
  const { createActionTools } = await import('../actions/action-tools');
  // Only the functions the assistant still lists are offered (a client may have removed some of them).
  const listed = new Set(
    scope.tools.filter(isActionFunction).map((t) => (t.type === 'function' ? t.function.name : '')),
  );
  return rows.flatMap((row) => {
    const action = storedAction(row);
    const auth = openActionSecrets(ctx.deps.config, action.action_id, action.metadata);
    const turn = { userId: scope.userId, runId: scope.runId, gate: scope.consent };
    return createActionTools({
      action,
      auth,
      guardedFetch: runtime.guardedFetch,
      oauthToken: consentedToken(runtime.oauth, { action, secrets: auth }, turn),
      // A refresh, then the wait for consent: at most as long as the consent link lives.
      signInMs: TOKEN_EXCHANGE_TIMEOUT_MS + ACTION_OAUTH_STATE_TTL_MS,
    })
      .filter((tool) => listed.has(tool.key))
      .map((tool) => ({ tool: tool as Tool, ...noCredentials, kind: 'function' as const }));
  });
}

function retrieval(ctx: ChatContext, runtime: AssistantRuntime, scope: AssistantToolScope) {
  const db = ctx.deps.database.db;
  return createRetrievalTool({
    db,
    files: async () =>
      (await findUserFiles(db, scope.userId, scope.knowledgeIds)).map((row) => ({
        fileId: row.file_id,
        filename: row.filename,
      })),
    search: (input, signal) => runtime.search(input, signal),
  });
}

function codeInterpreter(ctx: ChatContext, pool: SandboxPool, scope: AssistantToolScope) {
  return createCodeInterpreterTool({
    pool,
    // A conversation keeps its Python state between calls, like a notebook (docs/reference/code-interpreter.md).
    sessionKey: () => scope.conversationId,
    inputFiles: () => readFiles(ctx, scope.userId, scope.fileIds),
  });
}

/** The user's files by id, as the sandbox's `/mnt/data` holds them; a file that cannot be read is left out. */
async function readFiles(
  ctx: ChatContext,
  userId: string,
  fileIds: readonly string[],
): Promise<SandboxFile[]> {
  if (fileIds.length === 0) return [];
  const rows = await findUserFiles(ctx.deps.database.db, userId, fileIds);
  const storage = await ctx.storage();
  const files: SandboxFile[] = [];
  for (const row of rows) {
    try {
      const stored = await storage.get(row.storage_key);
      if (stored) files.push({ name: row.filename, bytes: await buffer(stored.body) });
    } catch (error) {
      ctx.logError(error, 'file left out of the code interpreter');
    }
  }
  return files;
}
