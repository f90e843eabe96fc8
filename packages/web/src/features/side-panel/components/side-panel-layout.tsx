import { useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSettingsStore } from '../../settings/settings.store';
import { useElementWidth } from '../hooks/use-element-width';
import { useSidePanels } from '../hooks/use-side-panels';
import { expandedSize, resizeTo, SIDE_PANEL, sidePanelSizes } from '../side-panel-sizes';
import { useSidePanelStore } from '../side-panel.store';
import { ResizeHandle } from './resize-handle';
import { SidePanel } from './side-panel';

/**
 * The chat and, right of it, the side panel (docs/reference/settings-and-ui.md (Layout)): resizable by its handle
 * (dragged, or with the keys once focused), collapsible to a strip of icons, remembered across visits. Not shown at
 * 767 px or narrower, nor when Settings hides the right-most side panel (hideSidePanel); the chat keeps its place in
 * the tree either way, so showing or hiding the panel never remounts it.
 */
export function SidePanelLayout({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(SIDE_PANEL.hiddenQuery);
  const hiddenBySettings = useSettingsStore((s) => s.hideSidePanel);
  const shown = !phone && !hiddenBySettings;
  const rowRef = useRef<HTMLDivElement>(null);
  const sizes = sidePanelSizes(useElementWidth(rowRef), window.innerWidth);
  const collapsed = useSidePanelStore((s) => s.collapsed);
  const openSize = useSidePanelStore((s) => s.openSize);
  const { active } = useSidePanels();
  // While a drag goes on the panel follows the pointer; the store hears of it when the pointer is let go.
  const [dragSize, setDragSize] = useState<number | null>(null);
  const size = dragSize ?? (collapsed ? sizes.collapsed : expandedSize(openSize, sizes));

  const onResize = (requested: number, done: boolean) => {
    const next = resizeTo(requested, sizes);
    if (!done) return setDragSize(next.size);
    setDragSize(null);
    useSidePanelStore.getState().applyLayout([100 - next.size, next.size], next.collapsed);
  };
  const onToggle = () => {
    const store = useSidePanelStore.getState();
    if (store.collapsed) store.expand(active, { focus: false });
    else store.collapse();
  };

  return (
    <div ref={rowRef} data-testid="side-panel-row" className="flex min-w-0 flex-1">
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      {shown && (
        <ResizeHandle
          size={size}
          sizes={sizes}
          collapsed={collapsed}
          row={() => rowRef.current}
          onResize={onResize}
          onToggle={onToggle}
        />
      )}
      {shown && (
        <div
          id="side-panel"
          style={{ flexBasis: `${size}%` }}
          className="flex shrink-0 grow-0 overflow-hidden bg-white dark:bg-zinc-950"
        >
          <SidePanel />
        </div>
      )}
    </div>
  );
}
