import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import { RotateCcw, X } from 'lucide-react';
import type { LazyPopupProps } from '../../../components/ui/lazy-popup';
import { useConversationStore } from '../../chat/conversation.store';
import { useEndpointsQuery, useModelsQuery } from '../endpoints.api';
import { endpointLabel } from '../endpoint-label';
import { kindOf, modelsOf } from '../endpoint-setup';
import { resetPatch } from '../setting-values';
import { menuPanel } from './menu-styles';
import { OptionsButton } from './options-button';
import { LazySettingsPanel as SettingsPanel } from './settings/lazy-settings-panel';

/**
 * The settings popover of the top bar: the current endpoint's options, stored into the setup as they change. Loaded
 * when the user goes for it (`options-popover-lazy.tsx`).
 */
export function OptionsPopover({ defaultOpen }: LazyPopupProps) {
  const { t } = useTranslation();
  const { data: config } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const setup = useConversationStore((s) => s.setup);
  const patchSetup = useConversationStore((s) => s.patchSetup);
  const endpoint = setup.endpoint;

  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <OptionsButton />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('com_endpoint_conversation_settings')}
          className={`${menuPanel} flex max-h-[min(36rem,var(--radix-popover-content-available-height))] w-[min(calc(100vw-1rem),24rem)] flex-col p-0`}
        >
          <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
            <div className="min-w-0 flex-1">
              <h2 className="text-sm font-semibold">{t('com_endpoint_conversation_settings')}</h2>
              {endpoint && (
                <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                  {endpointLabel(endpoint, t)} · {setup.model}
                </p>
              )}
            </div>
            <Popover.Close
              aria-label={t('com_ui_close')}
              className="inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              <X aria-hidden="true" className="size-4" />
            </Popover.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            {endpoint && (
              <SettingsPanel
                endpoint={endpoint}
                config={config}
                models={modelsOf(endpoint, models)}
                values={setup}
                onChange={patchSetup}
              />
            )}
          </div>
          {endpoint && (
            <div className="flex justify-end border-t border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
              <button
                type="button"
                onClick={() => patchSetup(resetPatch(kindOf(endpoint, config), setup.model, setup))}
                className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
              >
                <RotateCcw aria-hidden="true" className="size-3.5" />
                {t('com_endpoint_reset_defaults')}
              </button>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
