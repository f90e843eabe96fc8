/**
 * Errors of one burst are gathered this long before one toast shows them
 * (docs/reference/files.md (Checks before an upload)).
 */
export const ERROR_GATHER_MS = 250;
/** How long the gathered error toast stays (docs/reference/files.md (Checks before an upload)). */
export const ERROR_TOAST_MS = 5000;

/** Several texts as one: each on its own bulleted line; a single text as it is. */
export function bulletList(texts: readonly string[]): string {
  const unique = [...new Set(texts.map((t) => t.trim()).filter(Boolean))];
  return unique.length === 1 ? unique[0]! : unique.map((t) => `• ${t}`).join('\n');
}

/**
 * Collects error texts and shows them once the burst is over: every new text restarts the 250 ms wait, then the
 * texts, deduplicated and bulleted, go out as one message (a batch of rejected files makes one toast, not ten).
 */
export function createErrorGatherer(show: (text: string) => void, delayMs = ERROR_GATHER_MS) {
  let texts: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(text: string): void {
      texts.push(text);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const message = bulletList(texts);
        texts = [];
        if (message) show(message);
      }, delayMs);
    },
  };
}
