import { useNavigate } from 'react-router';
import { useShortcuts, useShortcutsDialogStore } from '../keyboard/use-shortcuts';
import { useNavStore } from './nav.store';

/**
 * The shell's shortcuts, on every signed-in screen (docs/reference/settings-and-ui.md (Keyboard shortcuts)): the help
 * dialog, new chat, the sidebar, and the conversation search (opening the sidebar when it is closed).
 */
export function useAppShortcuts() {
  const navigate = useNavigate();
  useShortcuts({
    help: () => {
      const dialog = useShortcutsDialogStore.getState();
      dialog.setOpen(!dialog.open);
    },
    newChat: () => void navigate('/c/new'),
    toggleSidebar: () => useNavStore.getState().toggle(),
    focusSearch: () => {
      const nav = useNavStore.getState();
      if (!nav.visible) nav.setVisible(true);
      // The sidebar renders within a few frames when it was closed (more on a busy machine): look again until then.
      const focusBox = (framesLeft: number) => {
        const box = document.querySelector<HTMLInputElement>('[data-conversation-search]');
        if (box) {
          box.focus();
          box.select();
        } else if (framesLeft > 0) requestAnimationFrame(() => focusBox(framesLeft - 1));
      };
      requestAnimationFrame(() => focusBox(30));
    },
  });
}
