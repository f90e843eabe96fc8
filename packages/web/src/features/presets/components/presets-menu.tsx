import { lazy, Suspense, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import { Library } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { barIconButton, menuPanel } from '../../endpoints/components/menu-styles';

// The menu's content loads when it is about to open: the pointer over the button, or the button focused
// (kept out of the initial JavaScript of /c/new: docs/performance.md).
const loadPanel = () => import('./presets-panel');
const PresetsPanel = lazy(async () => ({ default: (await loadPanel()).PresetsPanel }));
const preload = () => void loadPanel();

/** The presets menu of the top bar: select, default, edit, export, delete, import, save and clear all. */
export function PresetsMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={t('com_endpoint_presets')}
        className={barIconButton}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <Library aria-hidden="true" className="size-[18px]" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('com_endpoint_presets')}
          // Undo in a toast brings a deleted preset back into this open list, so reaching it keeps the list open.
          onInteractOutside={(e) => {
            if (e.target instanceof Element && e.target.closest('[data-toast-viewport]')) e.preventDefault();
          }}
          className={`${menuPanel} flex max-h-[min(32rem,var(--radix-popover-content-available-height))] w-[min(calc(100vw-1rem),24rem)] flex-col p-0`}
        >
          <Suspense fallback={<Spinner />}>
            <PresetsPanel close={() => setOpen(false)} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
