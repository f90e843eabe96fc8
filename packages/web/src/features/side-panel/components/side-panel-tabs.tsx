import { ChevronsRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { iconButton } from '../../../components/ui/button';
import { PANEL_LABELS } from '../panel-labels';
import { useSidePanelStore, type SidePanelId } from '../side-panel.store';
import { SIDE_PANEL_EXPAND_ID } from './side-panel-strip';

/** The open side panel's head: a button per panel (the shown one pressed) and Collapse. */
export function SidePanelTabs({ panels, active }: { panels: SidePanelId[]; active: SidePanelId }) {
  const { t } = useTranslation();
  const expand = useSidePanelStore((s) => s.expand);
  const collapse = () => {
    useSidePanelStore.getState().collapse();
    // The strip replaces the panel: its Open button is where the focus was headed from.
    requestAnimationFrame(() => document.getElementById(SIDE_PANEL_EXPAND_ID)?.focus());
  };
  return (
    <nav
      aria-label={t('com_sidepanel')}
      className="flex h-12 shrink-0 items-center gap-1 border-b border-zinc-200 px-2 dark:border-zinc-800"
    >
      {panels.map((id) => {
        const { icon: Icon, label } = PANEL_LABELS[id];
        const pressed = id === active;
        return (
          <button
            key={id}
            type="button"
            data-panel-id={id}
            aria-pressed={pressed}
            onClick={() => expand(id)}
            className={`inline-flex h-9 min-w-0 items-center gap-2 rounded-lg px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-600 ${
              pressed
                ? 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
                : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50'
            }`}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{t(label)}</span>
          </button>
        );
      })}
      <button
        type="button"
        aria-label={t('com_sidepanel_collapse')}
        title={t('com_sidepanel_collapse')}
        aria-expanded={true}
        onClick={collapse}
        className={`${iconButton} ms-auto shrink-0`}
      >
        <ChevronsRight className="size-5" aria-hidden="true" />
      </button>
    </nav>
  );
}
