import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../config/use-document-title';
import { useEndpointsQuery } from '../endpoints/endpoints.api';
import { NoEndpointNotice } from '../onboarding/no-endpoint-notice';
import { NEW_CONVERSATION, useMessagesQuery } from './chat.api';
import { useChatStreamStore } from './chat-stream.store';
import { ChatFooter } from './components/chat-footer';
import { ChatInput } from './components/chat-input';
import { ChatLanding } from './components/chat-landing';
import { ChatMessages } from './components/chat-messages';
import { useConversationStore } from './conversation.store';
import { useConversationRoute } from './hooks/use-conversation-route';
import { useResumeStream } from './hooks/use-resume-stream';
import { useVisibleBranch } from './hooks/use-visible-branch';

/** /c/:conversationId? and /chat/:conversationId?: the chat view ('new' is an empty, unsaved one). */
export function ChatPage() {
  const { conversationId: routeId = NEW_CONVERSATION } = useParams();
  useConversationRoute(routeId);
  // The conversation on screen: the route's, or a new one that the server has just named.
  const conversationId = useConversationStore((s) => s.conversationId);
  const title = useConversationStore((s) => s.title);
  useDocumentTitle(conversationId === NEW_CONVERSATION ? null : title);

  const streaming = useChatStreamStore((s) => s.conversationId === conversationId);
  const query = useMessagesQuery(conversationId, { paused: streaming });
  // A failed messages fetch clears the messages (spec 1 §4 "Conversation load").
  const messages = query.isError ? [] : query.data;
  const branch = useVisibleBranch(messages);
  useResumeStream(conversationId, messages, query.isSuccess && !query.isFetching);

  const endpoints = useEndpointsQuery();
  const noEndpoint = endpoints.isSuccess && Object.keys(endpoints.data).length === 0;
  const latest = branch.at(-1)?.message;
  const empty = branch.length === 0 && !query.isPending;

  return (
    <div className="flex h-full min-h-0 flex-col">
      {noEndpoint ? (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <NoEndpointNotice />
        </div>
      ) : empty ? (
        <ChatLanding />
      ) : query.isPending ? (
        <div className="min-h-0 flex-1">
          <Spinner />
        </div>
      ) : (
        <ChatMessages branch={branch} />
      )}
      <div className="shrink-0 pt-2">
        <ChatInput latest={latest} />
        <ChatFooter />
      </div>
    </div>
  );
}
