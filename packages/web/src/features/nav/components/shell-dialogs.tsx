import { lazy, Suspense, useState } from 'react';
import { useCommerceDialogs } from '../../commerce/commerce-dialogs.store';
import { useExportDialogStore } from '../../export/export-dialog.store';
import { useShortcutsDialogStore } from '../../keyboard/use-shortcuts';
import { useKeyDialogStore } from '../../keys/key-dialog.store';
import { useMyFilesStore } from '../../my-files/my-files.store';
import { usePluginStore } from '../../plugins/plugin-store.store';
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
const RechargeDialog = lazy(async () => ({
  default: (await import('../../commerce/components/recharge-dialog')).RechargeDialog,
}));
const BalanceDialog = lazy(async () => ({
  default: (await import('../../commerce/components/balance-dialog')).BalanceDialog,
}));
const InviteDialog = lazy(async () => ({
  default: (await import('../../commerce/components/invite-dialog')).InviteDialog,
}));
const SupportDialog = lazy(async () => ({
  default: (await import('../../commerce/components/support-dialog')).SupportDialog,
}));
const AppDownloadDialog = lazy(async () => ({
  default: (await import('../../commerce/components/app-download-dialog')).AppDownloadDialog,
}));
const PaidDialog = lazy(async () => ({
  default: (await import('../../commerce/components/paid-dialog')).PaidDialog,
}));
const ExportDialog = lazy(async () => ({
  default: (await import('../../export/components/export-dialog')).ExportDialog,
}));
const PluginStoreDialog = lazy(async () => ({
  default: (await import('../../plugins/components/plugin-store-dialog')).PluginStoreDialog,
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

/**
 * The shell's dialogs: endpoint key, settings, My Files, keyboard shortcuts, export conversation, the plugin store and the commerce dialogs (recharge,
 * balance, invite, support, app download, a payment's notice), each loaded on first use.
 */
export function ShellDialogs() {
  const keyOpened = useOnceOpened(useKeyDialogStore((s) => s.endpoint !== null));
  const settingsOpened = useOnceOpened(useSettingsDialogStore((s) => s.open));
  const myFilesOpened = useOnceOpened(useMyFilesStore((s) => s.dialogOpen));
  const shortcutsOpened = useOnceOpened(useShortcutsDialogStore((s) => s.open));
  const exportOpened = useOnceOpened(useExportDialogStore((s) => s.open));
  const pluginStoreOpened = useOnceOpened(usePluginStore((s) => s.open));
  const commerce = useCommerceDialogs((s) => s.open);
  const rechargeOpened = useOnceOpened(commerce === 'recharge');
  const balanceOpened = useOnceOpened(commerce === 'balance');
  const inviteOpened = useOnceOpened(commerce === 'invite');
  const supportOpened = useOnceOpened(commerce === 'support');
  const appOpened = useOnceOpened(commerce === 'appDownload');
  const paidOpened = useOnceOpened(commerce === 'paid');
  return (
    <Suspense fallback={null}>
      {keyOpened && <KeyDialog />}
      {settingsOpened && <SettingsDialog />}
      {myFilesOpened && <MyFilesDialog />}
      {shortcutsOpened && <ShortcutsDialog />}
      {exportOpened && <ExportDialog />}
      {pluginStoreOpened && <PluginStoreDialog />}
      {rechargeOpened && <RechargeDialog />}
      {balanceOpened && <BalanceDialog />}
      {inviteOpened && <InviteDialog />}
      {supportOpened && <SupportDialog />}
      {appOpened && <AppDownloadDialog />}
      {paidOpened && <PaidDialog />}
    </Suspense>
  );
}
