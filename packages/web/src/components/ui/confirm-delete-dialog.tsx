import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useTranslation } from 'react-i18next';
import { buttonBase } from './button';
import { useReturnFocus } from './return-focus';

interface ConfirmDeleteDialogProps {
  /** The item's name, shown in bold in the body. */
  title: string;
  /** The heading's key ("Delete chat?") and the body's key, whose `<b>` wraps `{{title}}`. */
  headingKey: string;
  bodyKey: string;
  testId: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /**
   * Where the focus goes once a confirmed delete's dialog has closed (its opener, the item's row, is gone). Without
   * it the focus falls to the page, and the Undo of the delete's toast takes it.
   */
  focusAfterConfirm?: () => void;
}

/**
 * "Delete chat?" or "Delete preset?" with the item's title; Cancel or Delete
 * (docs/reference/conversations.md (Deleting and clearing), docs/reference/presets.md (Listing and deleting)).
 */
export function ConfirmDeleteDialog({
  title,
  headingKey,
  bodyKey,
  testId,
  open,
  pending,
  onOpenChange,
  onConfirm,
  focusAfterConfirm,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  // A confirmed delete takes its opener (the item's row) away: focus is not put back there. It goes where the caller
  // says (the new chat's message box when the open chat was deleted), else falls to the page and the Undo of the
  // delete's toast takes it (docs/decisions.md, "Everyday chat (undo)"). Cancel returns it to the opener. This runs
  // once the dialog has left the page, so its focus trap no longer pulls the focus back.
  const confirmed = useRef(false);
  const onCloseAutoFocus = (event: Event) => {
    if (!confirmed.current) return returnFocus(event);
    confirmed.current = false;
    event.preventDefault();
    focusAfterConfirm?.();
  };
  const confirm = () => {
    confirmed.current = true;
    onConfirm();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content
          data-testid={testId}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {t(headingKey)}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-6 break-words text-zinc-600 dark:text-zinc-300">
            <Trans
              i18nKey={bodyKey}
              values={{ title }}
              components={{ b: <strong className="font-semibold text-zinc-900 dark:text-zinc-50" /> }}
            />
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close asChild>
              <button
                type="button"
                className={`${buttonBase} h-10 border border-zinc-300 bg-white px-4 text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800`}
              >
                {t('com_nav_convo_delete_cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={`${buttonBase} h-10 bg-red-600 px-4 text-white hover:bg-red-700 disabled:bg-red-600/60 dark:hover:bg-red-500`}
              disabled={pending}
              onClick={confirm}
            >
              {t('com_nav_convo_delete')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
