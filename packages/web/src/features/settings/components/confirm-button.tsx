import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  testId?: string;
}

/**
 * A destructive action in two clicks (docs/reference/settings-and-ui.md (Settings dialog)): the first shows the confirm
 * label, the second runs it, and a click anywhere else puts it back.
 */
export function ConfirmButton({ label, confirmLabel, onConfirm, pending, testId }: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!confirming) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setConfirming(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [confirming]);

  const click = () => {
    if (!confirming) return setConfirming(true);
    setConfirming(false);
    onConfirm();
  };

  return (
    <button
      ref={ref}
      type="button"
      data-testid={testId}
      data-confirming={confirming || undefined}
      onClick={click}
      disabled={pending}
      className={`inline-flex h-9 min-w-24 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600 disabled:cursor-not-allowed disabled:opacity-60 ${
        confirming
          ? 'bg-rose-600 text-white hover:bg-rose-700 dark:bg-rose-600 dark:hover:bg-rose-500'
          : 'border border-rose-300 text-rose-700 hover:bg-rose-50 dark:border-rose-900 dark:text-rose-300 dark:hover:bg-rose-950/40'
      }`}
    >
      {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      {confirming ? confirmLabel : label}
    </button>
  );
}
