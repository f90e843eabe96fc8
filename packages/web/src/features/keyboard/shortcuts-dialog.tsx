import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/ui/dialog-frame';
import { keyboardTexts, ShortcutList } from './shortcut-list';
import { useShortcutsDialogStore } from './use-shortcuts';

/** The keyboard shortcuts, opened with ? or Ctrl+/ (docs/reference/settings-and-ui.md (Keyboard shortcuts)). */
export function ShortcutsDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(keyboardTexts);
  const { t } = useTranslation();
  const open = useShortcutsDialogStore((s) => s.open);
  const setOpen = useShortcutsDialogStore((s) => s.setOpen);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      title={t('com_shortcuts_title')}
      testId="shortcuts-dialog"
      widthClass="max-w-lg"
    >
      <ShortcutList className="overflow-y-auto px-5 py-2" />
    </DialogFrame>
  );
}
