// @vitest-environment happy-dom
import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initEnglishTexts } from '../../features/i18n/english.test-helpers';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

// Where the focus goes when "Delete chat?" closes (docs/decisions.md, "Everyday chat (undo)"): Cancel puts it back on
// the button that opened the dialog; a confirmed delete does not (its row is gone) and hands it to the caller, once
// the dialog has left the page, so nothing the dialog does afterwards can take it back.

beforeAll(initEnglishTexts);

let root: Root;
let host: HTMLElement;
const actGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  // Renders are driven through act(): React is told so, and says nothing about it.
  actGlobal.IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  delete actGlobal.IS_REACT_ACT_ENVIRONMENT;
});

/** An opener button and the dialog it opens; `focusAfterConfirm` focuses the page's "Message" box. */
function Page({ focusAfterConfirm }: { focusAfterConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return createElement(
    'div',
    null,
    createElement('textarea', { 'aria-label': 'Message' }),
    createElement('button', { type: 'button', onClick: () => setOpen(true) }, 'Delete'),
    open &&
      createElement(ConfirmDeleteDialog, {
        title: 'Trip plans',
        headingKey: 'com_nav_convo_delete_title',
        bodyKey: 'com_nav_convo_delete_body',
        testId: 'dialog',
        open,
        pending: false,
        onOpenChange: setOpen,
        onConfirm: () => setOpen(false),
        focusAfterConfirm,
      }),
  );
}

const dialog = () => document.querySelector('[data-testid="dialog"]');
const buttonIn = (scope: ParentNode, name: string) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent === name)!;

async function openAndPress(name: 'Cancel' | 'Delete', focusAfterConfirm?: () => void) {
  await act(async () => root.render(createElement(Page, { focusAfterConfirm })));
  const opener = buttonIn(host, 'Delete');
  opener.focus();
  await act(async () => opener.click());
  expect(dialog()).not.toBeNull();
  await act(async () => buttonIn(dialog()!, name).click());
  // Radix hands the focus back on the next task after the dialog unmounts.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(dialog()).toBeNull();
  return opener;
}

describe('ConfirmDeleteDialog focus', () => {
  it('Cancel puts the focus back on the opener and calls nothing', async () => {
    const after = vi.fn();
    const opener = await openAndPress('Cancel', after);
    expect(document.activeElement).toBe(opener);
    expect(after).not.toHaveBeenCalled();
  });

  it('a confirmed delete hands the focus to the caller once the dialog is gone', async () => {
    const seen: Array<Element | null> = [];
    const after = vi.fn(() => {
      seen.push(dialog());
      document.querySelector<HTMLElement>('[aria-label="Message"]')!.focus();
    });
    await openAndPress('Delete', after);
    expect(after).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([null]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Message');
  });

  it('without a caller, a confirmed delete leaves the focus to the page (the toast takes it)', async () => {
    const opener = await openAndPress('Delete');
    expect(document.activeElement).not.toBe(opener);
    expect(document.activeElement?.getAttribute('aria-label')).not.toBe('Message');
  });
});
