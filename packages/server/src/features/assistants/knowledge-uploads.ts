import { ASSISTANT_LIMITS } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import type { AssistantUploads } from '../files/upload.service';
import { parseTools } from './assistant-record';
import * as repo from './assistants.repository';
import { assistantNotFound, builderSettings, type AssistantsContext } from './assistants.service';

const invalid = (message: string, field: string) => new AppError('VALIDATION', message, { field });

export const KNOWLEDGE_MESSAGES = {
  assistantMissing: 'assistant_id is required for a knowledge file',
  noCapability: 'Turn on Code Interpreter or Retrieval and save the assistant before adding files',
  full: `An assistant holds at most ${ASSISTANT_LIMITS.fileIds} files`,
} as const;

/**
 * Uploads to the `assistants` endpoint (docs/reference/assistants.md (Knowledge files)). A knowledge file (not a
 * message file) needs the user's own assistant, saved with Code Interpreter or Retrieval, and the builder; it joins
 * that assistant's `file_ids` once stored. A message file may name the assistant of its chat, which must be the
 * user's too.
 */
export function assistantUploads(
  ctx: AssistantsContext,
  onKnowledgeFile?: (userId: string, fileId: string) => Promise<void>,
): AssistantUploads {
  const db = ctx.deps.database.db;
  return {
    async check(userId, fields) {
      const assistantId = fields.assistant_id?.trim() || null;
      const messageFile = fields.message_file === 'true';
      if (messageFile) {
        if (assistantId && !(await repo.findUserAssistant(db, userId, assistantId)))
          throw assistantNotFound();
        return null;
      }
      builderSettings(ctx);
      if (!assistantId) throw invalid(KNOWLEDGE_MESSAGES.assistantMissing, 'assistant_id');
      const row = await repo.findUserAssistant(db, userId, assistantId);
      if (!row) throw assistantNotFound();
      if (!parseTools(row).some((tool) => tool.type === 'code_interpreter' || tool.type === 'retrieval'))
        throw invalid(KNOWLEDGE_MESSAGES.noCapability, 'assistant_id');
      if ((JSON.parse(row.file_ids) as string[]).length >= ASSISTANT_LIMITS.fileIds)
        throw invalid(KNOWLEDGE_MESSAGES.full, 'assistant_id');
      return assistantId;
    },
    async stored(userId, assistantId, fileId) {
      // Read and written in one transaction, so two uploads at once both join. An assistant deleted meanwhile, or
      // filled by another upload, leaves the file in the user's files only.
      await db.transaction().execute(async (trx) => {
        const row = await repo.findUserAssistant(trx, userId, assistantId, { forUpdate: true });
        if (!row) return;
        const fileIds = JSON.parse(row.file_ids) as string[];
        if (fileIds.length >= ASSISTANT_LIMITS.fileIds || fileIds.includes(fileId)) return;
        await repo.updateAssistantRow(trx, userId, assistantId, {
          file_ids: JSON.stringify([...fileIds, fileId]),
          updated_at: nowIso(),
        });
      });
      await onKnowledgeFile?.(userId, fileId);
    },
  };
}
