import { useEffect, useState } from 'react';

/** The error banner's time on screen (docs/reference/accounts.md (Forgot and reset password)). */
export const ERROR_BANNER_MS = 5000;

/** A banner text that clears itself after `ms`; showing a new one restarts the clock. */
export function useTimedBanner(ms = ERROR_BANNER_MS) {
  const [banner, setBanner] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), ms);
    return () => clearTimeout(timer);
  }, [banner, ms]);
  return {
    text: banner?.text ?? null,
    show: (text: string) => setBanner({ text, at: Date.now() }),
    clear: () => setBanner(null),
  };
}
