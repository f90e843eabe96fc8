import type { UsersTable } from '../features/users/users.table';
import type { SessionsTable } from '../features/auth/sessions.table';
import type { ConversationsTable } from '../features/conversations/conversations.table';
import type { MessagesTable } from '../features/messages/messages.table';
import type { UserKeysTable } from '../features/keys/keys.table';
import type { PresetsTable } from '../features/presets/presets.table';
import type { PluginAuthsTable } from '../features/plugins/plugin-auths.table';
import type { ActionOAuthTokensTable } from '../features/actions/action-oauth-tokens.table';
import type { FilesTable } from '../features/files/files.table';
import type { EmailTokensTable } from '../features/email/email-tokens.table';
import type { SmsCodesTable } from '../features/sms/sms-codes.table';
import type {
  BalanceDailyRunsTable,
  BalancesTable,
  LedgerEntriesTable,
} from '../features/ledger/ledger.table';
import type { CashbackEntriesTable } from '../features/cashback/cashback.table';
import type { OrdersTable, SubscriptionsTable } from '../features/commerce/commerce.table';
import type {
  AssistantActionsTable,
  AssistantRunsTable,
  AssistantsTable,
} from '../features/assistants/assistants.table';
import type { TasksTable } from '../features/tasks/tasks.table';
import type { KnowledgeChunksTable, KnowledgeFilesTable } from '../features/knowledge/knowledge.table';
import type { SharedLinksTable, SharedMessagesTable } from '../features/share/share.table';
import type { PromptLibraryTable } from '../features/prompt-library/prompt-library.table';
import type {
  ConversationImportItemsTable,
  ConversationImportsTable,
} from '../features/imports/imports.table';

/** Every table, as Kysely sees it. Each feature declares its own table type beside its repository. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  user_keys: UserKeysTable;
  presets: PresetsTable;
  plugin_auths: PluginAuthsTable;
  action_oauth_tokens: ActionOAuthTokensTable;
  files: FilesTable;
  email_tokens: EmailTokensTable;
  sms_codes: SmsCodesTable;
  ledger_entries: LedgerEntriesTable;
  balances: BalancesTable;
  balance_daily_runs: BalanceDailyRunsTable;
  cashback_entries: CashbackEntriesTable;
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  assistants: AssistantsTable;
  assistant_actions: AssistantActionsTable;
  assistant_runs: AssistantRunsTable;
  tasks: TasksTable;
  knowledge_files: KnowledgeFilesTable;
  knowledge_chunks: KnowledgeChunksTable;
  shared_links: SharedLinksTable;
  prompt_library: PromptLibraryTable;
  shared_messages: SharedMessagesTable;
  conversation_imports: ConversationImportsTable;
  conversation_import_items: ConversationImportItemsTable;
}
