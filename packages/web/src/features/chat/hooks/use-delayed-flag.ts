import { useEffect, useState } from 'react';

/** `on`, but only once it has stayed true for `delayMs`; it turns off at once. */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setWaited(true), delayMs);
    // Turning off (or a new delay) starts the wait again next time.
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [on, delayMs]);
  return on && waited;
}
