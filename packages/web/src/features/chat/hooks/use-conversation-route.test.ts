// @vitest-environment happy-dom
import { act, createElement, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Conversation } from '@parley/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient, queryKeys } from '../../../lib/query-client';
import { useToastStore } from '../../toast/toast.store';
import { useConversationStore } from '../conversation.store';
import { useConversationRoute } from './use-conversation-route';

const ID = 'c1';

function savedConversation(over: Partial<Conversation> = {}): Conversation {
  const at = new Date(0).toISOString();
  return {
    conversationId: ID,
    title: 'Saved',
    user: 'u1',
    endpoint: 'openAI',
    model: 'gpt-a',
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

/** `GET /api/convos/:id` answers only when the test says so, as a real server would, after the effects ran. */
let answer: (conversation: Conversation) => void;
let roots: Root[] = [];

const seen = { pathname: '' };
function Probe({ routeId }: { routeId: string }): ReactNode {
  useConversationRoute(routeId);
  const { pathname } = useLocation();
  useEffect(() => {
    seen.pathname = pathname;
  }, [pathname]);
  return null;
}

async function mount(strict: boolean): Promise<Root> {
  const root = createRoot(document.createElement('div'));
  roots.push(root);
  const tree = createElement(
    QueryClientProvider,
    { client: queryClient },
    createElement(MemoryRouter, { initialEntries: [`/c/${ID}`] }, createElement(Probe, { routeId: ID })),
  );
  await act(async () => root.render(strict ? createElement(StrictMode, null, tree) : tree));
  return root;
}

async function serverAnswers(conversation: Conversation): Promise<void> {
  await act(async () => {
    answer(conversation);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.conversation(ID))).toBeDefined());
  });
}

beforeEach(() => {
  // React's act() warns unless the environment says it is a test.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  queryClient.clear();
  queryClient.setQueryData(queryKeys.endpoints, {});
  useConversationStore.getState().load({ conversationId: 'new', setup: {} });
  useToastStore.setState({ toasts: [] });
  const pending = new Promise<Conversation>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', async (path: string) => {
    if (path !== `/api/convos/${ID}`) return Response.json({});
    return Response.json(await pending);
  });
});

afterEach(async () => {
  await act(async () => roots.forEach((root) => root.unmount()));
  roots = [];
  vi.unstubAllGlobals();
});

describe('useConversationRoute', () => {
  it('under StrictMode, gives a conversation opened by URL its saved options once they arrive', async () => {
    await mount(true);
    expect(useConversationStore.getState().conversationId).toBe(ID);
    await serverAnswers(savedConversation());
    expect(useConversationStore.getState()).toMatchObject({
      conversationId: ID,
      title: 'Saved',
      setup: { endpoint: 'openAI', model: 'gpt-a' },
    });
  });

  it('still gives them when the page remounted while they were on their way', async () => {
    const first = await mount(false);
    await act(async () => first.unmount());
    await mount(false);
    await serverAnswers(savedConversation());
    expect(useConversationStore.getState().setup).toMatchObject({ endpoint: 'openAI', model: 'gpt-a' });
  });

  it("takes only the title from a later refetch, keeping the user's changes", async () => {
    await mount(true);
    await serverAnswers(savedConversation());
    act(() => useConversationStore.getState().patchSetup({ model: 'gpt-b' }));
    await act(async () => {
      queryClient.setQueryData(
        queryKeys.conversation(ID),
        savedConversation({ title: 'Renamed', model: 'gpt-c' }),
      );
      // The query tells its observers on a later tick.
      await vi.waitFor(() => expect(useConversationStore.getState().title).toBe('Renamed'));
    });
    expect(useConversationStore.getState().setup).toMatchObject({ endpoint: 'openAI', model: 'gpt-b' });
  });

  it.each([
    [404, 'warning', 'com_ui_conversation_not_found'],
    [500, 'error', 'Database down'],
  ] as const)(
    'says why a conversation answered %i cannot open, then starts a new chat',
    async (status, severity, text) => {
      vi.stubGlobal('fetch', async () =>
        Response.json(
          { code: 'X', message: status === 404 ? 'Conversation not found' : 'Database down' },
          { status },
        ),
      );
      await mount(false);
      await vi.waitFor(() => expect(seen.pathname).toBe('/c/new'));
      await act(async () => {
        await vi.waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
      });
      const [toast] = useToastStore.getState().toasts;
      expect(toast).toMatchObject({ severity });
      // Without i18n set up, the translation is its key; the key's texts are in the locales.
      expect(toast?.message).toBe(text);
    },
  );
});
