import { lazy, Suspense, useState } from 'react';
import { useShortcutsDialogStore } from '../../keyboard/use-shortcuts';
import { useKeyDialogStore } from '../../keys/key-dialog.store';
import { useMyFilesStore } from '../../my-files/my-files.store';
import { useSettingsDialogStore } from '../../settings/settings-dialog.store';

// The dialogs load the first time they open, which keeps their code (forms, tabs, switches) out of the
// initial JavaScript of /c/new. Once loaded they stay mounted so their close animation and state behave.
const KeyDialog = lazy(async () => ({
  default: (await import('../../keys/components/key-dialog')).KeyDialog,
}));
const SettingsDialog = lazy(async () => ({
  default: (await import('../../settings/components/settings-dialog')).SettingsDialog,
}));
const MyFilesDialog = lazy(async () => ({
  default: (await import('../../my-files/components/my-files-dialog')).MyFilesDialog,
}));
const ShortcutsDialog = lazy(async () => ({
  default: (await import('../../keyboard/shortcuts-dialog')).ShortcutsDialog,
}));

/** True from the first time `open` is true. */
function useOnceOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/** The shell's dialogs: endpoint key, settings, My Files and keyboard shortcuts, each loaded on first use. */
export function ShellDialogs() {
  const keyOpened = useOnceOpened(useKeyDialogStore((s) => s.endpoint !== null));
  const settingsOpened = useOnceOpened(useSettingsDialogStore((s) => s.open));
  const myFilesOpened = useOnceOpened(useMyFilesStore((s) => s.dialogOpen));
  const shortcutsOpened = useOnceOpened(useShortcutsDialogStore((s) => s.open));
  return (
    <Suspense fallback={null}>
      {keyOpened && <KeyDialog />}
      {settingsOpened && <SettingsDialog />}
      {myFilesOpened && <MyFilesDialog />}
      {shortcutsOpened && <ShortcutsDialog />}
    </Suspense>
  );
}
