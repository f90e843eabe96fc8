import { useRenderAllStore } from '../message-list/render-all.store';

/** Marks the element holding every rendered row of the chat's log (see VirtualMessageList). */
export const CAPTURE_ATTRIBUTE = 'data-message-rows';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Set on the rows while they are drawn: markdown.css then lays wide code, tables and formulas out for a picture,
 * where nothing can scroll (docs/decisions.md, "A screenshot shows wide code and tables whole").
 */
export const CAPTURING_ATTRIBUTE = 'data-export-capture';

/** Thrown when there is no message list on screen to capture, or the capture itself fails. */
export class ScreenshotError extends Error {}

/**
 * A PNG of the whole branch on screen as rendered, not just the part in view: the log is virtualised, so for the
 * capture it renders every row, and the element holding them (taller than the viewport) is drawn by
 * html-to-image, loaded only now (docs/decisions.md, "The screenshot export renders the whole branch").
 */
export async function captureBranch(): Promise<Blob> {
  const renderAll = useRenderAllStore.getState();
  renderAll.set(true);
  let rows: HTMLElement | null = null;
  try {
    // Two frames: React commits the extra rows, then the browser lays them out (images already loaded stay).
    await nextFrame();
    await nextFrame();
    rows = document.querySelector<HTMLElement>(`[${CAPTURE_ATTRIBUTE}]`);
    if (!rows || rows.childElementCount === 0) throw new ScreenshotError('no message list');
    // No frame waited for: html-to-image reads computed styles, which apply the attribute's rules at once.
    rows.setAttribute(CAPTURING_ATTRIBUTE, '');
    const { toBlob } = await import('html-to-image');
    const page = getComputedStyle(document.body).backgroundColor;
    const blob = await toBlob(rows, {
      backgroundColor: page && page !== 'rgba(0, 0, 0, 0)' ? page : '#ffffff',
      // The rows' own width: code and tables wrap to it. Not their scrollWidth, which counts whatever sits off to the
      // side (a long branch then asked for a canvas too large to draw, and the export never finished).
      width: rows.offsetWidth,
      height: rows.scrollHeight,
      // The row wrapper is positioned inside the scrolling log; drawn on its own it starts at the top.
      style: { transform: 'none', position: 'static' },
      pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
      // The picture is the conversation, not its controls: buttons (copy, edit, the branch arrows) are left out.
      filter: (node) => !(node instanceof HTMLButtonElement),
      // A cross-origin image that cannot be read becomes a blank square instead of failing the capture.
      imagePlaceholder: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
    });
    if (!blob) throw new ScreenshotError('empty capture');
    return blob;
  } catch (error) {
    throw error instanceof ScreenshotError ? error : new ScreenshotError(String(error));
  } finally {
    rows?.removeAttribute(CAPTURING_ATTRIBUTE);
    renderAll.set(false);
  }
}
