import type { StoredAction, StoredActionMetadata } from '../actions/action.types';
import type { AssistantActionRow } from './assistants.table';

/** An action row as the actions feature reads it: its metadata parsed (secrets still sealed). */
export const storedAction = (row: AssistantActionRow): StoredAction => ({
  action_id: row.action_id,
  assistant_id: row.assistant_id,
  metadata: JSON.parse(row.metadata) as StoredActionMetadata,
});
