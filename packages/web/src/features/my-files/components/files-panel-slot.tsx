import { lazy, Suspense } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSettingsStore } from '../../settings/settings.store';
import { SIDE_PANEL } from '../../side-panel/side-panel-sizes';
import { useMyFilesStore } from '../my-files.store';

// The panel and its table library load the first time it opens, outside the initial JavaScript of /c/new.
const FilesPanel = lazy(async () => ({ default: (await import('./files-panel')).FilesPanel }));

/**
 * The Files panel on a phone, where the side panel is not shown: over the chat while open, unless hideSidePanel is
 * set. From 768 px up it is one of the side panel's panels.
 */
export function FilesPanelSlot() {
  const open = useMyFilesStore((s) => s.panelOpen);
  const hidden = useSettingsStore((s) => s.hideSidePanel);
  const phone = useMediaQuery(SIDE_PANEL.hiddenQuery);
  if (!open || hidden || !phone) return null;
  return (
    <Suspense fallback={null}>
      <FilesPanel />
    </Suspense>
  );
}
