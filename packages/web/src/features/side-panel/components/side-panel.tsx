import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useSidePanels } from '../hooks/use-side-panels';
import { useSidePanelStore } from '../side-panel.store';
import { SidePanelStrip } from './side-panel-strip';
import { SidePanelTabs } from './side-panel-tabs';

// The panels' code loads when one is first opened, outside the initial JavaScript of /c/new.
const FilesPanel = lazy(async () => ({
  default: (await import('../../my-files/components/files-panel')).FilesPanel,
}));
const AssistantPanel = lazy(async () => ({
  default: (await import('../../assistants/components/assistant-panel')).AssistantPanel,
}));

/** What the side panel holds: the strip while collapsed, else the panels' tabs and the panel shown. */
export function SidePanel() {
  const collapsed = useSidePanelStore((s) => s.collapsed);
  // Only a user's request moves the focus into a panel, never a page that loads with the panel open.
  const focusRequest = useSidePanelStore((s) => s.focusRequest);
  const { panels, active } = useSidePanels();
  if (collapsed) return <SidePanelStrip panels={panels} active={active} />;
  return (
    <div data-testid="side-panel" className="flex min-w-0 flex-1 flex-col">
      <SidePanelTabs panels={panels} active={active} />
      <Suspense fallback={<Spinner />}>
        {active === 'files' ? (
          <FilesPanel autoFocus={focusRequest > 0} />
        ) : (
          <AssistantPanel focusRequest={focusRequest} />
        )}
      </Suspense>
    </div>
  );
}
