import { lazy, Suspense } from 'react';
import { useSettingsStore } from '../../settings/settings.store';
import { useMyFilesStore } from '../my-files.store';

// The panel and its table library load the first time it opens, outside the initial JavaScript of /c/new.
const FilesPanel = lazy(async () => ({ default: (await import('./files-panel')).FilesPanel }));

/** Where the Files panel sits in the shell: right of the chat while open, unless hideSidePanel is set. */
export function FilesPanelSlot() {
  const open = useMyFilesStore((s) => s.panelOpen);
  const hidden = useSettingsStore((s) => s.hideSidePanel);
  if (!open || hidden) return null;
  return (
    <Suspense fallback={null}>
      <FilesPanel />
    </Suspense>
  );
}
