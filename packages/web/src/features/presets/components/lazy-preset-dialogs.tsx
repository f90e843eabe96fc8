import { lazy, Suspense, useState } from 'react';
import { usePresetsUiStore } from '../presets-ui.store';

// The save and edit dialogs load the first time one opens (kept out of the initial JavaScript of /c/new).
const SavePresetDialog = lazy(async () => ({
  default: (await import('./save-preset-dialog')).SavePresetDialog,
}));
const PresetEditDialog = lazy(async () => ({
  default: (await import('./preset-edit-dialog')).PresetEditDialog,
}));

function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen;
}

/** The presets dialogs, each mounted from its first opening on. */
export function PresetDialogs() {
  const saveSeen = useOnceTrue(usePresetsUiStore((s) => s.saveOpen));
  const editSeen = useOnceTrue(usePresetsUiStore((s) => s.editing !== null));
  return (
    <Suspense fallback={null}>
      {saveSeen && <SavePresetDialog />}
      {editSeen && <PresetEditDialog />}
    </Suspense>
  );
}
