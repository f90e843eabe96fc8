// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

/** What the selection copy saw: the text selected when `copy` ran, and whether its textarea was in the page. */
let seen: { selected: string; attached: boolean }[] = [];
let execResult: boolean | Error = true;

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined, secure: boolean) {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText: vi.fn(writeText) } : undefined,
    configurable: true,
  });
}

beforeEach(() => {
  seen = [];
  execResult = true;
  document.execCommand = vi.fn((command: string) => {
    expect(command).toBe('copy');
    const area = document.querySelector('textarea');
    seen.push({
      selected: area ? area.value.slice(area.selectionStart, area.selectionEnd) : '',
      attached: Boolean(area?.isConnected),
    });
    if (execResult instanceof Error) throw execResult;
    return execResult;
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('copyText', () => {
  it('writes through the Clipboard API on a secure page, without the selection copy', async () => {
    stubClipboard(async () => undefined, true);
    expect(await copyText('hello 你好')).toBe(true);
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('hello 你好');
    expect(document.execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a selected textarea when the Clipboard API refuses, then removes it', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')), true);
    expect(await copyText('line 1\nline 2')).toBe(true);
    expect(seen).toEqual([{ selected: 'line 1\nline 2', attached: true }]);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('uses the selection copy on plain http, where the Clipboard API must not be called', async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText, false);
    expect(await copyText('over http')).toBe(true);
    expect(writeText).not.toHaveBeenCalled();
    expect(seen).toEqual([{ selected: 'over http', attached: true }]);
  });

  it('answers false when neither way copies (refused or throwing), leaving nothing in the page', async () => {
    stubClipboard(undefined, false);
    execResult = false;
    expect(await copyText('x')).toBe(false);
    execResult = new Error('not supported');
    expect(await copyText('y')).toBe(false);
    expect(seen.map((s) => s.selected)).toEqual(['x', 'y']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('gives the focus back to where it was after a selection copy', async () => {
    stubClipboard(undefined, false);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    expect(await copyText('z')).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it("copies from inside an open dialog, so the dialog's focus trap keeps the selection", async () => {
    stubClipboard(undefined, false);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    button.focus();
    let parentRole: string | null | undefined;
    document.execCommand = vi.fn(() => {
      parentRole = document.querySelector('textarea')?.parentElement?.getAttribute('role');
      return true;
    });
    expect(await copyText('in a dialog')).toBe(true);
    expect(parentRole).toBe('dialog');
    expect(dialog.querySelector('textarea')).toBeNull();
  });
});
