import { ChevronsLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { iconButton } from '../../../components/ui/button';
import { PANEL_LABELS } from '../panel-labels';
import { useSidePanelStore, type SidePanelId } from '../side-panel.store';

export const SIDE_PANEL_EXPAND_ID = 'side-panel-expand';

/**
 * The collapsed side panel: a button that opens it on the panel last shown, and one per panel. Until the user first
 * opens it, the first button carries a dot, so a new user sees there is something there.
 */
export function SidePanelStrip({ panels, active }: { panels: SidePanelId[]; active: SidePanelId }) {
  const { t } = useTranslation();
  const expand = useSidePanelStore((s) => s.expand);
  const newUser = useSidePanelStore((s) => s.newUser);
  return (
    <nav
      aria-label={t('com_sidepanel')}
      data-testid="side-panel-strip"
      className="flex w-full flex-col items-center gap-1 overflow-hidden py-2"
    >
      <button
        type="button"
        id={SIDE_PANEL_EXPAND_ID}
        aria-label={t('com_sidepanel_expand')}
        title={t('com_sidepanel_expand')}
        aria-expanded={false}
        onClick={() => expand(active)}
        className={`${iconButton} relative shrink-0`}
      >
        <ChevronsLeft className="size-5" aria-hidden="true" />
        {newUser && (
          <span
            data-testid="side-panel-new"
            aria-hidden="true"
            className="absolute top-1.5 end-1.5 size-2 rounded-full bg-teal-600 ring-2 ring-white dark:bg-teal-400 dark:ring-zinc-950"
          />
        )}
      </button>
      <div aria-hidden="true" className="my-1 h-px w-6 bg-zinc-200 dark:bg-zinc-800" />
      {panels.map((id) => {
        const { icon: Icon, label } = PANEL_LABELS[id];
        return (
          <button
            key={id}
            type="button"
            data-panel-id={id}
            aria-label={t(label)}
            title={t(label)}
            onClick={() => expand(id)}
            className={`${iconButton} shrink-0`}
          >
            <Icon className="size-5" aria-hidden="true" />
          </button>
        );
      })}
    </nav>
  );
}
