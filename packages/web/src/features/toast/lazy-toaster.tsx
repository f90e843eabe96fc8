import { lazy, Suspense, useEffect } from 'react';
import { useToastStore } from './toast.store';

const load = () => import('./toaster');
const Toaster = lazy(() => load().then((module) => ({ default: module.Toaster })));

/** What the user does before anything can raise a toast: the toast code is fetched on the first of these. */
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * The toast viewport, mounted while there are toasts: the toast primitives are not needed to show a page, and they
 * weigh on the first load (docs/performance.md). They are fetched on the user's first click or key press, so a
 * toast that follows (a delete's Undo, which must take the focus the delete took away) mounts at once. A toast leaves
 * the list only after its closing animation, so unmounting with the last one cuts nothing short.
 */
export function LazyToaster() {
  const hasToasts = useToastStore((s) => s.toasts.length > 0);
  useEffect(() => {
    const fetchOnce = () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, fetchOnce, true);
      void load();
    };
    for (const type of FIRST_INTERACTION) window.addEventListener(type, fetchOnce, true);
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, fetchOnce, true);
    };
  }, []);
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
