import {
  encodeActionDomain,
  isActionFunctionOf,
  type Action,
  type Assistant,
  type AssistantDocument,
  type AssistantTool,
  type SaveActionPayload,
} from '@parley/shared';
import { withTransaction } from '../../db/dialect-helpers';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { actionAddressCheck } from '../actions/action-host-check';
import { deleteActionOAuthTokensOfAction } from '../actions/action-oauth-tokens.repository';
import { prepareActionForSave } from '../actions/action-save.service';
import { publicActionMetadata } from '../actions/action-secrets';
import type { StoredActionMetadata } from '../actions/action.types';
import { storedAction } from './assistant-action-record';
import { parseTools, toAssistant } from './assistant-record';
import * as actionsRepo from './assistant-actions.repository';
import * as repo from './assistants.repository';
import type { AssistantActionRow } from './assistants.table';
import {
  assistantNotFound,
  builderSettings,
  assistantDocument,
  type AssistantsContext,
} from './assistants.service';

const actionNotFound = () => new AppError('NOT_FOUND', 'Action not found');

const publicAction = (row: AssistantActionRow): Action => ({
  action_id: row.action_id,
  assistant_id: row.assistant_id,
  metadata: publicActionMetadata(JSON.parse(row.metadata) as StoredActionMetadata),
});

/** `GET /api/assistants/actions`: the user's actions, their secrets left out. */
export async function listActions(ctx: AssistantsContext, userId: string): Promise<Action[]> {
  builderSettings(ctx);
  return (await actionsRepo.listUserActions(ctx.deps.database.db, userId)).map(publicAction);
}

/** An assistant's tools without the functions of the given domains' actions. */
const withoutDomains = (tools: readonly AssistantTool[], domains: readonly string[]) =>
  tools.filter(
    (t) => !(t.type === 'function' && domains.some((d) => isActionFunctionOf(t.function.name, d))),
  );

/**
 * `POST /api/assistants/actions/:assistant_id` (docs/reference/assistants.md (Actions)): creates or updates an action
 * of the user's own assistant. Its functions come from the schema on the server; the client's list is not read. The
 * assistant's tools lose the action's old functions and gain the new ones in the same transaction as the action row.
 * Answers `[document, assistant, action]`, the action third, its secrets left out.
 */
export async function saveAction(
  ctx: AssistantsContext,
  userId: string,
  assistantId: string,
  payload: SaveActionPayload,
): Promise<[AssistantDocument, Assistant, Action]> {
  const settings = builderSettings(ctx);
  if (!settings.capabilities.includes('actions'))
    throw new AppError('FORBIDDEN', 'Actions are turned off on this server');
  const db = ctx.deps.database.db;
  if (!(await repo.findUserAssistant(db, userId, assistantId))) throw assistantNotFound();
  const previousRow = payload.action_id
    ? await actionsRepo.findUserAction(db, userId, payload.action_id)
    : undefined;
  if (payload.action_id && previousRow && previousRow.assistant_id !== assistantId) throw actionNotFound();
  const prepared = await prepareActionForSave(
    {
      assistant_id: assistantId,
      action_id: payload.action_id,
      metadata: payload.metadata,
      previous: previousRow ? storedAction(previousRow) : undefined,
    },
    { creds: ctx.deps.config, addresses: actionAddressCheck(ctx.deps.config.network.userURLAllowedRanges) },
  );
  const { action } = prepared;
  const now = nowIso();
  await withTransaction(db, async (trx) => {
    const row = await repo.findUserAssistant(trx, userId, assistantId, { forUpdate: true });
    if (!row) throw assistantNotFound();
    // An action id of another user is refused as unknown; the upsert would otherwise take it over.
    const owner = await trx
      .selectFrom('assistant_actions')
      .select('user_id')
      .where('action_id', '=', action.action_id)
      .executeTakeFirst();
    if (owner && owner.user_id !== userId) throw actionNotFound();
    const oldDomains = previousRow ? [(JSON.parse(previousRow.metadata) as StoredActionMetadata).domain] : [];
    const tools = [
      ...withoutDomains(parseTools(row), [...oldDomains, action.metadata.domain]),
      ...prepared.tools,
    ];
    await repo.updateAssistantRow(trx, userId, assistantId, {
      tools: JSON.stringify(tools),
      updated_at: now,
    });
    await actionsRepo.upsertAction(trx, {
      action_id: action.action_id,
      user_id: userId,
      assistant_id: assistantId,
      domain: encodeActionDomain(action.metadata.domain),
      metadata: JSON.stringify(action.metadata),
      created_at: previousRow?.created_at ?? now,
      updated_at: now,
    });
    if (prepared.oauthTokensStale) await deleteActionOAuthTokensOfAction(trx, action.action_id);
  });
  const [assistant, saved] = await Promise.all([
    repo.findUserAssistant(db, userId, assistantId),
    actionsRepo.findUserAction(db, userId, action.action_id),
  ]);
  if (!assistant || !saved) throw assistantNotFound();
  return [await assistantDocument(ctx, userId, assistant), toAssistant(assistant), publicAction(saved)];
}

/**
 * `DELETE /api/assistants/actions/:assistant_id/:action_id`: removes the action, the assistant's functions whose
 * names carry its domain, and the users' OAuth tokens for it.
 */
export async function deleteAction(
  ctx: AssistantsContext,
  userId: string,
  assistantId: string,
  actionId: string,
) {
  builderSettings(ctx);
  const db = ctx.deps.database.db;
  await withTransaction(db, async (trx) => {
    const row = await repo.findUserAssistant(trx, userId, assistantId, { forUpdate: true });
    if (!row) throw assistantNotFound();
    const action = await actionsRepo.findUserAction(trx, userId, actionId);
    if (!action || action.assistant_id !== assistantId) throw actionNotFound();
    const { domain } = JSON.parse(action.metadata) as StoredActionMetadata;
    const tools = withoutDomains(parseTools(row), [domain]);
    await repo.updateAssistantRow(trx, userId, assistantId, {
      tools: JSON.stringify(tools),
      updated_at: nowIso(),
    });
    await actionsRepo.deleteActionRow(trx, userId, actionId);
    await deleteActionOAuthTokensOfAction(trx, actionId);
  });
  return { message: 'Action deleted successfully' };
}
