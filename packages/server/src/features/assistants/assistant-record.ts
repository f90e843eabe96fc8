import {
  assistantMetadataSchema,
  assistantToolSchema,
  type Assistant,
  type AssistantTool,
} from '@parley/shared';
import { z } from 'zod';
import type { AssistantRow } from './assistants.table';

const toolsSchema = z.array(assistantToolSchema);
const fileIdsSchema = z.array(z.string());

export const parseTools = (row: Pick<AssistantRow, 'tools'>): AssistantTool[] =>
  toolsSchema.parse(JSON.parse(row.tools));

/** An assistant row as the API answers it (the OpenAI Assistant object's fields). */
export function toAssistant(row: AssistantRow): Assistant {
  return {
    id: row.id,
    object: 'assistant',
    created_at: Math.floor(Date.parse(row.created_at) / 1000),
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    model: row.model,
    tools: parseTools(row),
    file_ids: fileIdsSchema.parse(JSON.parse(row.file_ids)),
    metadata: assistantMetadataSchema.parse(JSON.parse(row.metadata)),
  };
}
