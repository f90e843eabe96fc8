import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import type { LazyPopupProps } from '../../../components/ui/lazy-popup';
import { menuPanel } from '../../endpoints/components/menu-styles';
import { PresetsButton } from './presets-button';
import { PresetsPanel } from './presets-panel';

/**
 * The presets menu of the top bar: select, default, edit, export, delete, import, save and clear all. Loaded when
 * the user goes for it (`presets-menu-lazy.tsx`).
 */
export function PresetsMenu({ defaultOpen = false }: LazyPopupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <PresetsButton />
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
          <PresetsPanel close={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
