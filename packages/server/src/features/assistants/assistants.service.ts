import { randomBytes } from 'node:crypto';
import {
  ACTION_DELIMITER,
  type Assistant,
  type AssistantDocument,
  type AssistantList,
  type AssistantListQuery,
  type CreateAssistantInput,
  type UpdateAssistantInput,
} from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { AssistantsSettings } from '../../config/assistants-settings';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import type { ProviderRegistry } from '../../providers/registry';
import { findUserFiles } from '../files/files.repository';
import type { ToolRegistry } from '../tools/tool-registry';
import { endpointForModel, offeredAssistantModels } from './assistant-models';
import { parseTools, toAssistant } from './assistant-record';
import { normalizeTools } from './assistant-tools';
import * as repo from './assistants.repository';
import type { AssistantRow } from './assistants.table';

/** What the assistants' rules need of the app. */
export interface AssistantsContext {
  deps: AppDeps;
  registry: Pick<ProviderRegistry, 'listEndpoints' | 'getEndpoint'>;
  tools: ToolRegistry;
}

export const assistantNotFound = () => new AppError('NOT_FOUND', 'Assistant not found');

/** The endpoint's settings; every assistants call is 404 while the operator has not configured it. */
export function assistantsSettings(ctx: Pick<AssistantsContext, 'deps'>): AssistantsSettings {
  const settings = ctx.deps.config.assistants;
  if (!settings) throw new AppError('NOT_FOUND', 'The assistants endpoint is not configured');
  return settings;
}

/** Changing assistants needs the builder, which `disableBuilder` turns off (chatting with them does not). */
export function builderSettings(ctx: Pick<AssistantsContext, 'deps'>): AssistantsSettings {
  const settings = assistantsSettings(ctx);
  if (settings.disableBuilder) throw new AppError('FORBIDDEN', 'The assistants builder is turned off');
  return settings;
}

/** OpenAI-like ids (`asst_` and 24 characters), which LibreChat's clients show and recognise. */
const newAssistantId = () => `asst_${randomBytes(18).toString('base64url').slice(0, 24)}`;

function modelHome(ctx: AssistantsContext, settings: AssistantsSettings, model: string): string {
  const home = offeredAssistantModels(settings, ctx.registry).includes(model)
    ? endpointForModel(ctx.registry, model)
    : null;
  if (!home)
    throw new AppError('VALIDATION', `model: "${model}" is not offered for assistants`, { field: 'model' });
  return home;
}

async function assertOwnFiles(
  ctx: AssistantsContext,
  userId: string,
  fileIds: readonly string[],
): Promise<void> {
  const found = await findUserFiles(ctx.deps.database.db, userId, fileIds);
  const missing = fileIds.find((id) => !found.some((f) => f.file_id === id));
  if (missing) throw new AppError('VALIDATION', `file_ids: no file "${missing}"`, { field: 'file_ids' });
}

export async function createAssistant(
  ctx: AssistantsContext,
  userId: string,
  input: CreateAssistantInput,
): Promise<Assistant> {
  const settings = builderSettings(ctx);
  const modelEndpoint = modelHome(ctx, settings, input.model);
  const fileIds = [...new Set(input.file_ids ?? [])];
  await assertOwnFiles(ctx, userId, fileIds);
  const tools = normalizeTools(input.tools ?? [], {
    registry: ctx.tools,
    capabilities: settings.capabilities,
    current: [],
  });
  const now = nowIso();
  const row = {
    id: newAssistantId(),
    user_id: userId,
    name: input.name ?? null,
    description: input.description ?? null,
    instructions: input.instructions ?? null,
    model: input.model,
    model_endpoint: modelEndpoint,
    tools: JSON.stringify(tools),
    file_ids: JSON.stringify(fileIds),
    metadata: JSON.stringify(input.metadata ?? {}),
    avatar_file_id: null,
    created_at: now,
    updated_at: now,
  };
  await repo.insertAssistant(ctx.deps.database.db, row);
  return toAssistant(row);
}

export async function getAssistant(ctx: AssistantsContext, userId: string, id: string): Promise<Assistant> {
  assistantsSettings(ctx);
  const row = await repo.findUserAssistant(ctx.deps.database.db, userId, id);
  if (!row) throw assistantNotFound();
  return toAssistant(row);
}

/** Changes what the body names; `null` clears a text field. Metadata merges, as OpenAI's did not: see decisions. */
export async function updateAssistant(
  ctx: AssistantsContext,
  userId: string,
  id: string,
  input: UpdateAssistantInput,
): Promise<Assistant> {
  const settings = builderSettings(ctx);
  const db = ctx.deps.database.db;
  const row = await repo.findUserAssistant(db, userId, id);
  if (!row) throw assistantNotFound();
  const changes: Parameters<typeof repo.updateAssistantRow>[3] = { updated_at: nowIso() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.instructions !== undefined) changes.instructions = input.instructions;
  if (input.model !== undefined && input.model !== row.model) {
    changes.model = input.model;
    changes.model_endpoint = modelHome(ctx, settings, input.model);
  }
  if (input.file_ids != null) {
    const fileIds = [...new Set(input.file_ids)];
    await assertOwnFiles(ctx, userId, fileIds);
    changes.file_ids = JSON.stringify(fileIds);
  }
  if (input.tools !== undefined) {
    const current = parseTools(row);
    changes.tools = JSON.stringify(
      normalizeTools(input.tools ?? [], {
        registry: ctx.tools,
        capabilities: settings.capabilities,
        current,
      }),
    );
  }
  if (input.metadata != null) {
    // The avatar's path is the server's to set (the avatar call), never a client's.
    const { avatar: _ignored, ...given } = input.metadata;
    const kept = JSON.parse(row.metadata) as Record<string, string>;
    changes.metadata = JSON.stringify({ ...given, ...(kept.avatar ? { avatar: kept.avatar } : {}) });
  }
  if (!(await repo.updateAssistantRow(db, userId, id, changes))) throw assistantNotFound();
  return getAssistant(ctx, userId, id);
}

export async function listAssistants(
  ctx: AssistantsContext,
  userId: string,
  query: AssistantListQuery,
): Promise<AssistantList> {
  const settings = assistantsSettings(ctx);
  const db = ctx.deps.database.db;
  const cursor = async (id: string | undefined) => {
    if (id === undefined) return undefined;
    const row = await repo.findUserAssistant(db, userId, id);
    if (!row)
      throw new AppError('VALIDATION', `no assistant "${id}" to page from`, {
        field: id === query.after ? 'after' : 'before',
      });
    return row;
  };
  const after = await cursor(query.after);
  const before = await cursor(query.before);
  const rows = await repo.listUserAssistants(db, userId, {
    order: query.order,
    limit: query.limit + 1,
    after,
    before,
    only: settings.supportedIds,
    except: settings.excludedIds,
  });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  // Paging back (`before` alone) reads towards the list's start; the page is still answered in the list's order.
  if (before && !after) page.reverse();
  const data = page.map(toAssistant);
  return {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
    has_more: hasMore,
  };
}

export async function deleteAssistant(ctx: AssistantsContext, userId: string, id: string) {
  builderSettings(ctx);
  if (!(await repo.deleteAssistantRow(ctx.deps.database.db, userId, id))) throw assistantNotFound();
  return { id, object: 'assistant.deleted' as const, deleted: true as const };
}

/** What Parley keeps beside an assistant for LibreChat's clients: owner, avatar, actions as `{domain}_action_{id}`. */
function toDocument(
  ctx: AssistantsContext,
  row: AssistantRow,
  actions: readonly { assistant_id: string; action_id: string; domain: string }[],
): AssistantDocument {
  const avatar = (JSON.parse(row.metadata) as Record<string, string>).avatar;
  return {
    user: row.user_id,
    assistant_id: row.id,
    ...(avatar ? { avatar: { filepath: avatar, source: ctx.deps.config.files.strategy } } : {}),
    actions: actions
      .filter((a) => a.assistant_id === row.id)
      .map((a) => `${a.domain}${ACTION_DELIMITER}${a.action_id}`),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** `GET /api/assistants/documents`: a document for each of the user's assistants. */
export async function listAssistantDocuments(
  ctx: AssistantsContext,
  userId: string,
): Promise<AssistantDocument[]> {
  assistantsSettings(ctx);
  const db = ctx.deps.database.db;
  const [rows, actions] = await Promise.all([
    repo.allUserAssistants(db, userId),
    repo.listUserActionKeys(db, userId),
  ]);
  return rows.map((row) => toDocument(ctx, row, actions));
}

/** One assistant's document (the first item of an action save's answer). */
export async function assistantDocument(
  ctx: AssistantsContext,
  userId: string,
  row: AssistantRow,
): Promise<AssistantDocument> {
  return toDocument(ctx, row, await repo.listUserActionKeys(ctx.deps.database.db, userId));
}
