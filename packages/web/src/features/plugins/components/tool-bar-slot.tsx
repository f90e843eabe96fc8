import { lazy, Suspense } from 'react';
import { useConversationStore } from '../../chat/conversation.store';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { kindOf } from '../../endpoints/endpoint-setup';

// The bar and its texts load with the first Plugins chat, out of the initial JavaScript
// (docs/architecture.md (Performance budgets)).
const ToolBar = lazy(async () => ({ default: (await import('./tool-bar')).ToolBar }));

/** The tool bar above the message box, on the Plugins endpoint only; its height is held while its code loads. */
export function ToolBarSlot() {
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const { data: config } = useEndpointsQuery();
  if (!endpoint || kindOf(endpoint, config) !== 'gptPlugins') return null;
  return (
    <Suspense fallback={<div className="mb-1.5 h-7" />}>
      <ToolBar />
    </Suspense>
  );
}
