import { useState } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import type { LazyPopupProps } from '../../../components/ui/lazy-popup';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useConversationStore } from '../../chat/conversation.store';
import { orderedEndpoints, useEndpointsQuery, useModelsQuery } from '../endpoints.api';
import { modelsOf } from '../endpoint-setup';
import { EndpointMenuButton } from './endpoint-menu-button';
import { EndpointRow } from './endpoint-row';
import { menuItem, menuLabel, menuPanel } from './menu-styles';
import { ModelItems } from './model-items';

/** Below this width a submenu has no room beside the menu, so models open inline under their endpoint. */
const INLINE_QUERY = '(max-width: 639px)';

export interface EndpointMenuProps {
  onSelect: (endpoint: string, model: string) => void;
}

/**
 * The endpoint and model picker: endpoints in menu order, each opening its models (a submenu, or inline on
 * phones). Radix gives the keyboard model: arrows, Enter, ArrowRight into a submenu, Escape. Loaded when the user
 * goes for it (`endpoint-menu-lazy.tsx`).
 */
export function EndpointMenu({ onSelect, defaultOpen = false }: EndpointMenuProps & LazyPopupProps) {
  const { t } = useTranslation();
  const inline = useMediaQuery(INLINE_QUERY);
  const { data: config } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const model = useConversationStore((s) => s.setup.model);
  // Opened at once (the user pressed its stand-in button): the current endpoint's models show, as on any open.
  const [expanded, setExpanded] = useState<string | null>(defaultOpen ? (endpoint ?? null) : null);
  const endpoints = orderedEndpoints(config);

  return (
    // Not modal: a modal menu hides the rest of the page from assistive tech (aria-hidden) while its links and
    // buttons stay focusable (axe's aria-hidden-focus). Radix still keeps Tab out and closes on outside clicks.
    <Menu.Root
      modal={false}
      defaultOpen={defaultOpen}
      onOpenChange={(open) => open && setExpanded(endpoint ?? null)}
    >
      <Menu.Trigger asChild>
        <EndpointMenuButton />
      </Menu.Trigger>
      {/* No portal: the open menu stays inside the top bar's landmark, right after its button (axe's region rule).
          Radix positions it `fixed`, so where it sits in the page does not move it. */}
      <Menu.Content
        align="start"
        sideOffset={6}
        collisionPadding={8}
        className={`${menuPanel} w-[min(calc(100vw-1rem),15rem)] ${inline ? 'max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto' : ''}`}
      >
        <Menu.Label className={menuLabel}>{t('com_endpoint_endpoints')}</Menu.Label>
        {endpoints.length === 0 && (
          <p className="px-2.5 py-2 text-zinc-500 dark:text-zinc-400">{t('com_endpoint_no_endpoints')}</p>
        )}
        {endpoints.map((name) => {
          const current = name === endpoint;
          const items = (
            <ModelItems
              models={modelsOf(name, models)}
              selected={current ? (model ?? null) : null}
              onSelect={(m) => onSelect(name, m)}
              className={inline ? 'ps-10' : ''}
            />
          );
          if (inline) {
            const open = expanded === name;
            return (
              <Menu.Group key={name}>
                <Menu.Item
                  className={menuItem}
                  aria-expanded={open}
                  // Keeps the menu open: the endpoint only shows or hides its models.
                  onSelect={(e) => {
                    e.preventDefault();
                    setExpanded(open ? null : name);
                  }}
                >
                  <EndpointRow
                    endpoint={name}
                    config={config}
                    current={current}
                    chevron={open ? 'up' : 'down'}
                  />
                </Menu.Item>
                {open && items}
              </Menu.Group>
            );
          }
          return (
            <Menu.Sub key={name}>
              <Menu.SubTrigger className={menuItem}>
                <EndpointRow endpoint={name} config={config} current={current} chevron="right" />
              </Menu.SubTrigger>
              <Menu.SubContent
                sideOffset={6}
                collisionPadding={8}
                className={`${menuPanel} max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] w-56 overflow-y-auto`}
              >
                <Menu.Label className={menuLabel}>{t('com_endpoint_models')}</Menu.Label>
                {items}
              </Menu.SubContent>
            </Menu.Sub>
          );
        })}
      </Menu.Content>
    </Menu.Root>
  );
}
