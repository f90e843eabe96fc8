import { useMediaQuery } from '../../../lib/use-media-query';
import { useMyFilesStore } from '../../my-files/my-files.store';
import { SIDE_PANEL } from '../side-panel-sizes';
import { useSidePanelStore } from '../side-panel.store';

/**
 * Whether the Files panel shows, and how to show or hide it: in the side panel from 768 px up, as a sheet over the
 * chat on a phone, where the side panel is not shown.
 */
export function useFilesPanel(): { open: boolean; setOpen: (open: boolean) => void } {
  const sheet = useMediaQuery(SIDE_PANEL.hiddenQuery);
  const sheetOpen = useMyFilesStore((s) => s.panelOpen);
  const sideOpen = useSidePanelStore((s) => !s.collapsed && s.active === 'files');
  if (sheet) return { open: sheetOpen, setOpen: useMyFilesStore.getState().setPanelOpen };
  return {
    open: sideOpen,
    setOpen: (open) => {
      const store = useSidePanelStore.getState();
      if (open) store.expand('files');
      else store.collapse();
    },
  };
}
