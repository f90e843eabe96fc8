import { useLocation } from 'react-router';
import { useConversationStore } from '../../chat/conversation.store';
import { useSearchEnabledQuery } from '../conversations.api';
import { routeState } from '../route-state';
import { ConversationList } from './conversation-list';
import { SearchBox } from './search-box';

/** The sidebar's search box (only when search is enabled) and date-grouped conversation list. */
export function ConversationNav() {
  const { pathname } = useLocation();
  const searchEnabled = useSearchEnabledQuery().data === true;
  const storeId = useConversationStore((s) => s.conversationId);
  const routeId = routeState(pathname).conversationId;
  // A new chat keeps /c/new while its first reply names it; the store then holds the real id.
  const activeId = routeId === 'new' && storeId !== 'search' ? storeId : routeId;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {searchEnabled && <SearchBox />}
      <ConversationList activeId={activeId} />
    </div>
  );
}
