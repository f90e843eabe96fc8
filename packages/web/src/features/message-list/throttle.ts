export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Calls `fn` at once, then at most once per `ms`. With `trailing`, a call made during the wait is not lost: the
 * last one runs when the wait ends (a scroll check must see where scrolling stopped).
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  { trailing = false }: { trailing?: boolean } = {},
): Throttled<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;

  const release = () => {
    timer = null;
    if (!pending) return;
    const args = pending;
    pending = null;
    fn(...args);
    timer = setTimeout(release, ms);
  };

  const throttled = (...args: A) => {
    if (timer === null) {
      fn(...args);
      timer = setTimeout(release, ms);
    } else if (trailing) {
      pending = args;
    }
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
