import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../toast/toast.store';

/** How long a message's copied check shows (docs/reference/messages.md (Message actions)). */
export const COPIED_INDICATOR_MS = 2500;

/**
 * What every copy button of the web does: copy, report `copied` for `shownMs`, and say "Could not copy to the
 * clipboard." in a toast when the browser refused. `copy` answers whether it copied.
 * (docs/decisions.md, "One clipboard path, and a refused copy says so")
 */
export function useCopyText(shownMs = COPIED_INDICATOR_MS): {
  copied: boolean;
  copy: (text: string) => Promise<boolean>;
} {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      if (!(await copyText(text))) {
        showToast({ message: t('com_ui_msg_copy_failed'), severity: 'error' });
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), shownMs);
      return true;
    },
    [shownMs, t],
  );

  return { copied, copy };
}
