import { use } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Plus } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { menuItem, menuPanel } from '../../endpoints/components/menu-styles';
import { pluginTexts } from '../plugin-texts';
import { usePluginStore } from '../plugin-store.store';
import type { ToolChoice } from '../use-tool-choice';
import { PluginIcon } from './plugin-icon';

interface ToolMenuProps {
  choice: ToolChoice;
  /** The button that opens the menu (Radix gives it the trigger's props and `data-state`). */
  trigger: ReactElement;
  /** Where the menu opens: below the settings' field, above the bar at the foot of the chat. */
  side?: 'top' | 'bottom';
  /** The menu's width classes. */
  widthClass?: string;
}

/**
 * The installed plugins as a multi-select menu, then the way into the store: the tool picker's and the tool bar's
 * menu. It stays open between picks, since choosing several is the point.
 */
export function ToolMenu({ choice, trigger, side = 'bottom', widthClass }: ToolMenuProps) {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(pluginTexts);
  const { t } = useTranslation();
  const showStore = usePluginStore((s) => s.show);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={side}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className={`${menuPanel} max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto ${widthClass ?? 'w-[var(--radix-dropdown-menu-trigger-width)]'}`}
        >
          {choice.installed.length === 0 && (
            <p className="px-2.5 py-2 text-zinc-600 dark:text-zinc-300">{t('com_nav_plugin_picker_empty')}</p>
          )}
          {choice.installed.map((p) => (
            <DropdownMenu.CheckboxItem
              key={p.pluginKey}
              checked={choice.selected.includes(p.pluginKey)}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={() => choice.toggle(p.pluginKey)}
              className={menuItem}
              data-testid="tool-option"
            >
              <PluginIcon name={p.name} icon={p.icon} sizeClass="size-6" />
              <span className="min-w-0 flex-1 truncate">{p.name}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-teal-700 dark:text-teal-300" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.CheckboxItem>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-700" />
          <DropdownMenu.Item className={menuItem} onSelect={showStore} data-testid="tool-install-more">
            <Plus aria-hidden="true" className="size-4" />
            {t('com_nav_plugin_install_more')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
