import * as Tabs from '@radix-ui/react-tabs';
import { ChartColumn, Database, FlaskConical, Settings, UserRound, type LucideIcon } from 'lucide-react';
import { useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSettingsDialogStore, type SettingsTab } from '../settings-dialog.store';
import { AccountTab } from './account-tab';
import { BetaTab } from './beta-tab';
import { DataTab } from './data-tab';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { GeneralTab } from './general-tab';
import { UsageTab } from './usage-tab';
import { useStartupConfig } from '../../config/config.api';

const TABS: ReadonlyArray<{ value: SettingsTab; label: string; Icon: LucideIcon; Panel: ComponentType }> = [
  { value: 'general', label: 'com_nav_setting_general', Icon: Settings, Panel: GeneralTab },
  { value: 'beta', label: 'com_nav_setting_beta', Icon: FlaskConical, Panel: BetaTab },
  { value: 'data', label: 'com_nav_setting_data', Icon: Database, Panel: DataTab },
  { value: 'account', label: 'com_nav_setting_account', Icon: UserRound, Panel: AccountTab },
];
/** Shown only when the server keeps a balance (docs/reference/commerce.md (Usage)). */
const USAGE_TAB = {
  value: 'usage',
  label: 'com_nav_setting_usage',
  Icon: ChartColumn,
  Panel: UsageTab,
} as const;

/**
 * The settings dialog (docs/reference/settings-and-ui.md (Settings dialog)): general, beta, data and account tabs,
 * and usage when the server keeps a balance; every toggle persists at once.
 */
export function SettingsDialog() {
  const { t } = useTranslation();
  const open = useSettingsDialogStore((s) => s.open);
  const tab = useSettingsDialogStore((s) => s.tab);
  const setTab = useSettingsDialogStore((s) => s.setTab);
  const close = useSettingsDialogStore((s) => s.close);
  // Tabs run down the side on wider screens and across the top on phones; arrow keys follow the layout.
  const wide = useMediaQuery('(min-width: 640px)');
  const listRef = useRef<HTMLDivElement>(null);
  const { config } = useStartupConfig();
  const tabs = config.checkBalance ? [...TABS, USAGE_TAB] : TABS;

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('com_nav_settings')}
      widthClass="max-w-2xl"
      testId="settings-dialog"
      onOpenAutoFocus={(e) => {
        // Start on the open tab, so arrow keys move between tabs at once.
        e.preventDefault();
        listRef.current?.querySelector<HTMLElement>('[data-state="active"]')?.focus();
      }}
    >
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value as SettingsTab)}
        orientation={wide ? 'vertical' : 'horizontal'}
        className="flex min-h-0 flex-1 flex-col sm:min-h-[22rem] sm:flex-row"
      >
        <Tabs.List
          ref={listRef}
          aria-label={t('com_nav_settings')}
          className={`grid shrink-0 ${tabs.length > 4 ? 'grid-cols-5' : 'grid-cols-4'} gap-1 border-b border-zinc-200 px-3 py-2 sm:flex sm:w-44 sm:flex-col sm:border-e sm:border-b-0 sm:py-3 dark:border-zinc-800`}
        >
          {tabs.map(({ value, label, Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="flex min-w-0 items-center justify-center gap-2 rounded-lg px-2 py-2 text-sm whitespace-nowrap sm:justify-start sm:px-3 text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 data-[state=active]:bg-zinc-100 data-[state=active]:font-medium data-[state=active]:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50 dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-zinc-50"
            >
              <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
              {t(label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Content
            key={value}
            value={value}
            className="min-h-0 flex-1 overflow-y-auto px-5 py-2 focus-visible:outline-none"
          >
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </DialogFrame>
  );
}
