import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from '../../../lib/clipboard';

/** How long the copied check shows (docs/reference/messages.md (Message actions)). */
export const COPIED_INDICATOR_MS = 2500;

/** Copies text and reports `copied` for {@link COPIED_INDICATOR_MS}; answers false when the copy was refused. */
export function useCopyText(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    if (!(await copyText(text))) return false;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return true;
  }, []);

  return { copied, copy };
}
