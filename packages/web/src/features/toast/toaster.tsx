import * as ToastPrimitive from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { useToastStore, type ToastSeverity } from './toast.store';

const tone: Record<ToastSeverity, string> = {
  info: 'border-sky-500/40 before:bg-sky-500',
  success: 'border-emerald-500/40 before:bg-emerald-500',
  warning: 'border-amber-500/40 before:bg-amber-500',
  error: 'border-rose-500/40 before:bg-rose-500',
};

/** The single toast viewport; toasts come from `showToast`. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const close = useToastStore((s) => s.close);
  const remove = useToastStore((s) => s.remove);

  return (
    <ToastPrimitive.Provider label={t('com_ui_notifications')} swipeDirection="right">
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          duration={toast.duration}
          type={toast.severity === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (open) return;
            close(toast.id);
            // Leave time for the closing animation before dropping it from the list.
            setTimeout(() => remove(toast.id), 200);
          }}
          className={`relative flex items-start gap-3 overflow-hidden rounded-xl border bg-white py-3 pe-3 ps-4 text-sm text-zinc-900 shadow-lg before:absolute before:inset-y-0 before:start-0 before:w-1 toast-motion dark:bg-zinc-900 dark:text-zinc-100 ${tone[toast.severity]}`}
          data-severity={toast.severity}
        >
          <ToastPrimitive.Description className="flex-1 leading-snug">
            {/* One line per line of the message; bulleted lines hang their wrapped text under the text. */}
            {toast.message.split('\n').map((line, i) => (
              <span key={i} className={`block ${line.startsWith('• ') ? 'ps-3 -indent-3' : ''}`}>
                {line}
              </span>
            ))}
          </ToastPrimitive.Description>
          {toast.action && (
            <ToastPrimitive.Action
              altText={toast.action.label}
              onClick={toast.action.onAction}
              // A delete just took the focused row away: focus lands on Undo rather than on the page.
              ref={(el) => {
                if (el && (!document.activeElement || document.activeElement === document.body)) el.focus();
              }}
              className="-my-1 rounded-md px-2 py-1 font-semibold text-teal-700 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-300 dark:hover:bg-teal-500/10"
            >
              {toast.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            aria-label={t('com_ui_close')}
            className="rounded-md px-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Off the message box and Send on phones (docs/decisions.md (Toasts at the top on phones)). */}
      <ToastPrimitive.Viewport
        data-toast-viewport=""
        className="fixed top-0 end-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none md:top-auto md:bottom-0"
      />
    </ToastPrimitive.Provider>
  );
}
