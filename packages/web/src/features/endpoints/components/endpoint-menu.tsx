import { useState } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useConversationStore } from '../../chat/conversation.store';
import { orderedEndpoints, useEndpointsQuery, useModelsQuery } from '../endpoints.api';
import { endpointLabel } from '../endpoint-label';
import { modelsOf } from '../endpoint-setup';
import { EndpointIcon } from './endpoint-icon';
import { EndpointRow } from './endpoint-row';
import { menuItem, menuLabel, menuPanel, barButton } from './menu-styles';
import { ModelItems } from './model-items';

/** Below this width a submenu has no room beside the menu, so models open inline under their endpoint. */
const INLINE_QUERY = '(max-width: 639px)';

interface EndpointMenuProps {
  onSelect: (endpoint: string, model: string) => void;
}

/**
 * The endpoint and model picker: endpoints in menu order, each opening its models (a submenu, or inline on
 * phones). Radix gives the keyboard model: arrows, Enter, ArrowRight into a submenu, Escape.
 */
export function EndpointMenu({ onSelect }: EndpointMenuProps) {
  const { t } = useTranslation();
  const inline = useMediaQuery(INLINE_QUERY);
  const { data: config } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const model = useConversationStore((s) => s.setup.model);
  const [expanded, setExpanded] = useState<string | null>(null);
  const endpoints = orderedEndpoints(config);

  return (
    // Not modal: a modal menu hides the rest of the page from assistive tech (aria-hidden) while its links and
    // buttons stay focusable (axe's aria-hidden-focus). Radix still keeps Tab out and closes on outside clicks.
    <Menu.Root modal={false} onOpenChange={(open) => open && setExpanded(endpoint ?? null)}>
      {/* Named by what it shows, then what it does ("OpenAI · gpt-4, Select a model"): the name holds the visible
          text (WCAG label in name), so a voice command saying the model finds the button. */}
      <Menu.Trigger data-testid="endpoint-menu" className={`${barButton} min-w-0 shrink! font-medium`}>
        <EndpointIcon endpoint={endpoint} config={config} size="sm" />
        {/* Under 768 px a chosen model stands alone; the icon names the endpoint. */}
        <span className="min-w-0 truncate">
          <span className={model ? 'max-md:hidden' : ''}>
            {endpoint ? endpointLabel(endpoint, t) : t('com_endpoint_select_model')}
            {model && <span className="font-normal text-zinc-600 dark:text-zinc-400"> · </span>}
          </span>
          {model && <span className="font-normal text-zinc-600 dark:text-zinc-400">{model}</span>}
          {endpoint && <span className="sr-only">, {t('com_endpoint_select_model')}</span>}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
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
              className={inline ? 'pl-10' : ''}
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
