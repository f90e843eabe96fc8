import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';
import { isMacPlatform, shortcutAction, type ShortcutAction } from './shortcuts';

type NavigatorWithUAData = Navigator & { userAgentData?: { platform?: string } };

/** Cmd on macOS, Ctrl elsewhere (docs/reference/settings-and-ui.md (Keyboard shortcuts)). */
export const IS_MAC = isMacPlatform(
  typeof navigator === 'undefined' ? undefined : (navigator as NavigatorWithUAData),
);

/** A handler returns false when there was nothing to do: the key then keeps its usual meaning. */
export type ShortcutHandlers = Partial<Record<ShortcutAction, () => boolean | void>>;

function isTextField(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.isContentEditable || el.matches('input, textarea, select'));
}

/**
 * Runs the handlers for the shortcuts they cover. Keys another part of the page already handled (a dialog's
 * Escape, the message editor's) are left alone, and only a handled key is kept from the browser.
 */
export function useShortcuts(handlers: ShortcutHandlers) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const target = event.target;
    const action = shortcutAction(event, {
      mac: IS_MAC,
      inTextField: isTextField(target),
      emptyChatInput:
        target instanceof HTMLTextAreaElement && target.matches('[data-chat-input]') && !target.value,
    });
    const handler = action && handlers[action];
    if (!handler || handler() === false) return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

interface ShortcutsDialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Whether the keyboard shortcuts dialog shows. */
export const useShortcutsDialogStore = create<ShortcutsDialogState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
