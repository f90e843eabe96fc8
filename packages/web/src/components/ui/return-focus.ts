import { useLayoutEffect, useRef } from 'react';

// Radix gives focus back on closing only to a Dialog.Trigger; the app opens its dialogs from stores, menus and
// shortcuts, so the dialogs remember their opener themselves (docs/reference/settings-and-ui.md (Keyboard shortcuts)).
// A menu item is gone once its menu closes: the opener is then the button that opened the menu.
let lastFocused: HTMLElement | null = null;
// Worked out when the element takes focus: by the time a dialog that loads on first use opens, the popover the
// element sat in may be gone, and with it the way to its trigger.
let lastStandIn: HTMLElement | null = null;

function openerOf(el: HTMLElement): HTMLElement {
  const menu = el.closest<HTMLElement>('[role="menu"]');
  if (!menu?.id) return el;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? el;
}

/**
 * Who takes focus when the opener itself is gone: the trigger of the popover it sat in (the settings popover closes
 * as focus moves into a dialog opened from it), or that trigger's own stand-in when it too sat in one.
 */
function standInOf(el: HTMLElement): HTMLElement | null {
  const popover = el.closest<HTMLElement>('[data-radix-popper-content-wrapper] [role="dialog"]');
  if (!popover?.id) return null;
  const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(popover.id)}"]`);
  if (!trigger || popover.contains(trigger)) return null;
  return trigger;
}

/**
 * Starts remembering the focused element, at startup: the dialogs load on first use, after their opener (a menu
 * item) may already be gone.
 */
export function installFocusMemory(): void {
  document.addEventListener('focusin', (event) => {
    if (!(event.target instanceof HTMLElement)) return;
    lastFocused = openerOf(event.target);
    lastStandIn = standInOf(lastFocused);
  });
}

/**
 * The element that had focus when `open` became true, and `onCloseAutoFocus` for Radix's Dialog.Content that
 * focuses it again on closing (if it is still on the page, else its popover's trigger).
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const standIn = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope moves focus inside it.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && active !== document.body;
    opener.current = focused ? openerOf(active) : lastFocused;
    standIn.current =
      (opener.current && standInOf(opener.current)) ?? (opener.current === lastFocused ? lastStandIn : null);
  }, [open]);
  return (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : standIn.current;
    opener.current = null;
    standIn.current = null;
    if (target?.isConnected) target.focus();
  };
}
