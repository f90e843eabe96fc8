import { useCallback, useEffect, useState } from 'react';

/**
 * A message that clears itself `ms` after it is shown; showing another restarts the wait. The timer is the page's
 * own setTimeout, so a test can move it with a fake clock instead of waiting.
 */
export function useTimedMessage(ms: number): [string | null, (message: string | null) => void] {
  const [shown, setShown] = useState<{ message: string } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), ms);
    return () => clearTimeout(timer);
  }, [shown, ms]);
  // A new object each time, so the same message shown twice still restarts the wait.
  const show = useCallback((message: string | null) => setShown(message ? { message } : null), []);
  return [shown?.message ?? null, show];
}
