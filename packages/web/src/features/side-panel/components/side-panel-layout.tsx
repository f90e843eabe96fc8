import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Group,
  Panel,
  Separator,
  usePanelRef,
  type Layout,
  type LayoutChangedMeta,
} from 'react-resizable-panels';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSettingsStore } from '../../settings/settings.store';
import { useElementWidth } from '../hooks/use-element-width';
import { expandedSize, SIDE_PANEL, sidePanelSizes } from '../side-panel-sizes';
import { useSidePanelStore } from '../side-panel.store';
import { SidePanel } from './side-panel';

const CHAT = 'chat';
const SIDE = 'side-panel';
const pct = (n: number) => `${n}%`;

/**
 * The chat and, right of it, the side panel (docs/reference/settings-and-ui.md (Layout)): resizable by its handle
 * (dragged, or with the arrow keys once focused), collapsible to a strip of icons, remembered across visits. Not
 * shown at 767 px or narrower, nor when Settings hides the right-most side panel (hideSidePanel); the chat keeps its
 * place in the tree either way, so it is never remounted by a resize.
 */
export function SidePanelLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(SIDE_PANEL.hiddenQuery);
  const hiddenBySettings = useSettingsStore((s) => s.hideSidePanel);
  const shown = !phone && !hiddenBySettings;
  const rowRef = useRef<HTMLDivElement>(null);
  const sizes = sidePanelSizes(useElementWidth(rowRef), window.innerWidth);
  const panelRef = usePanelRef();
  const collapsed = useSidePanelStore((s) => s.collapsed);
  const openSize = useSidePanelStore((s) => s.openSize);
  const applyLayout = useSidePanelStore((s) => s.applyLayout);
  const size = collapsed ? sizes.collapsed : expandedSize(openSize, sizes);

  // A button (the strip, a panel's close, the Files button) changed the store: the row follows. A panel that has
  // just appeared (a wider window) already starts at the size the store says.
  const asked = useRef(false);
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel || panel.isCollapsed() === collapsed) return;
    asked.current = true;
    if (collapsed) panel.collapse();
    else panel.resize(pct(expandedSize(useSidePanelStore.getState().openSize, sizes)));
    // Only a change of the flag moves the panel; its sizes follow the row's width by the props below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collapsed]);

  const onLayoutChanged = (layout: Layout, meta: LayoutChangedMeta) => {
    const side = layout[SIDE];
    if (side === undefined) return;
    // What the user did (a drag, a key, a button) is saved; a layout the row worked out by itself (the first one,
    // a narrower window) is not, so a visit that changed nothing writes nothing.
    const save = meta.isUserInteraction || asked.current;
    asked.current = false;
    // At the strip's size (within rounding) is collapsed: the row snaps there, never just above it.
    applyLayout([layout[CHAT] ?? 100 - side, side], side <= sizes.collapsed + 0.5, save);
  };

  return (
    <Group
      elementRef={rowRef}
      orientation="horizontal"
      onLayoutChanged={onLayoutChanged}
      className="min-w-0 flex-1"
    >
      <Panel id={CHAT} className="flex min-w-0 flex-col">
        {children}
      </Panel>
      {shown && (
        <Separator
          aria-label={t('com_sidepanel_resize')}
          title={t('com_sidepanel_resize')}
          data-testid="side-panel-handle"
          className="group relative w-px bg-zinc-200 outline-none data-[separator=active]:bg-teal-600 data-[separator=focus]:bg-teal-600 data-[separator=hover]:bg-teal-600/60 dark:bg-zinc-800"
        >
          <span
            aria-hidden="true"
            className="absolute inset-y-0 -left-1 w-2 group-data-[separator=focus]:outline-2 group-data-[separator=focus]:outline-teal-600"
          />
        </Separator>
      )}
      {shown && (
        <Panel
          id={SIDE}
          panelRef={panelRef}
          collapsible
          collapsedSize={pct(sizes.collapsed)}
          minSize={pct(sizes.min)}
          maxSize={pct(sizes.max)}
          defaultSize={pct(size)}
          className="flex bg-white dark:bg-zinc-950"
        >
          <SidePanel />
        </Panel>
      )}
    </Group>
  );
}
