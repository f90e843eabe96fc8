import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../config/use-document-title';
import { useEndpointsQuery } from '../endpoints/endpoints.api';
import { DropOverlay } from '../files/components/drop-overlay';
import { useChatFileDrop } from '../files/hooks/use-chat-file-drop';
import { preloadMarkdown } from '../markdown/components/markdown';
import { NEW_CONVERSATION, useMessagesQuery } from './chat.api';
import { useChatStreamStore } from './chat-stream.store';
import { ChatFooter } from './components/chat-footer';
import { ChatInput } from './components/chat-input';
import { ChatLanding } from './components/chat-landing';
import { TemporaryChatBar } from './components/temporary-chat';
import { ToneBar } from './components/tone-bar';
import type { ChatMessages as ChatMessagesComponent } from './components/chat-messages';
import { useConversationStore } from './conversation.store';
import { useConversationRoute } from './hooks/use-conversation-route';
import { useResumeStream } from './hooks/use-resume-stream';
import { useVisibleBranch } from './hooks/use-visible-branch';

// What /c/new does not show loads on demand (initial JavaScript < 250 KB gzip:
// docs/architecture.md (Performance budgets)): the message log with its virtualiser, and the no-provider guidance.
// Once loaded, a page that mounts afterwards uses the log directly: rendering a lazy component suspends at least once,
// and React holds a revealed Suspense boundary back for up to 300 ms, which a conversation opening must not pay.
let loadedMessages: { ChatMessages: typeof ChatMessagesComponent } | null = null;
const loadChatMessages = () => import('./components/chat-messages').then((m) => (loadedMessages = m));
type LogComponent = ComponentType<{ branch: Parameters<typeof ChatMessagesComponent>[0]['branch'] }>;
const LazyChatMessages = lazy(async () => ({ default: (await loadChatMessages()).ChatMessages }));
const NoEndpointNotice = lazy(async () => ({
  default: (await import('../onboarding/no-endpoint-notice')).NoEndpointNotice,
}));

/** /c/:conversationId? and /chat/:conversationId?: the chat view ('new' is an empty, unsaved one). */
export function ChatPage() {
  const { conversationId: routeId = NEW_CONVERSATION } = useParams();
  useConversationRoute(routeId);
  // The conversation on screen: the route's, or a new one that the server has just named.
  const conversationId = useConversationStore((s) => s.conversationId);
  // A saved conversation fetches its log's code and the markdown renderer alongside its messages, not after.
  if (routeId !== NEW_CONVERSATION) {
    void loadChatMessages();
    preloadMarkdown();
  }
  const title = useConversationStore((s) => s.title);
  const drop = useChatFileDrop(useConversationStore((s) => s.setup.endpoint));
  useDocumentTitle(conversationId === NEW_CONVERSATION ? null : title);

  const streaming = useChatStreamStore((s) => s.conversationId === conversationId);
  const query = useMessagesQuery(conversationId, { paused: streaming });
  // A failed messages fetch clears the messages (docs/reference/conversations.md (Opening a conversation)).
  const messages = query.isError ? [] : query.data;
  const branch = useVisibleBranch(messages);
  useResumeStream(conversationId, messages, query.isSuccess && !query.isFetching);

  const endpoints = useEndpointsQuery();
  const noEndpoint = endpoints.isSuccess && Object.keys(endpoints.data).length === 0;
  const latest = branch.at(-1)?.message;
  const empty = branch.length === 0 && !query.isPending;

  // Chosen the first time the log is shown, then kept: switching from the lazy wrapper to the loaded component at a
  // later render would be another component type, and React would remount the whole log (a reply's open details or
  // a message being edited closed by themselves). Once it has loaded, the wrapper renders without suspending.
  const [chosen, setChosen] = useState<LogComponent | null>(null);
  const current = loadedMessages?.ChatMessages ?? LazyChatMessages;
  const showsLog = !noEndpoint && !empty && !query.isPending;
  if (showsLog && chosen === null) setChosen(() => current);
  const ChatMessages = chosen ?? current;

  return (
    <div className="relative flex h-full min-h-0 flex-col" {...drop.handlers}>
      {drop.showOverlay && <DropOverlay />}
      <Suspense fallback={<div className="min-h-0 flex-1" />}>
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
      </Suspense>
      <div className="shrink-0 pt-2">
        <TemporaryChatBar />
        {/* Keyed by the conversation: a toggled tone bar closes when another chat opens. */}
        <ToneBar key={conversationId} />
        <ChatInput latest={latest} />
        <ChatFooter />
      </div>
    </div>
  );
}
