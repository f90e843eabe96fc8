/**
 * Copies text to the clipboard and says whether it did; every copy button of the web goes through here and tells the
 * user when it failed (docs/reference/messages.md (Message actions)).
 *
 * The Clipboard API exists only in secure contexts (https, localhost): a self-hosted app served over plain http on a
 * LAN copies through a hidden, selected textarea instead, as does a page whose clipboard permission was refused (an
 * iframe, a browser setting).
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused: the selection copy below may still be allowed.
    }
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
  // The focus comes back where it was: a copy from the keyboard keeps the user's place.
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // Inside an open dialog, whose focus trap would pull the focus straight back from the rest of the page (Chromium
  // copies an unfocused box's selection as well, not every browser does).
  (focused?.closest('[role="dialog"], [role="alertdialog"]') ?? document.body).append(area);
  // The copy takes the focused element's selection.
  area.focus({ preventScroll: true });
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus({ preventScroll: true });
  }
}
