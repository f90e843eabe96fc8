import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { iconButton } from '../../../components/ui/button';
import { useSettingsStore } from '../../settings/settings.store';
import { useFilesPanel } from '../../side-panel/hooks/use-files-panel';
import { FILES_PANEL_TOGGLE_ID } from '../my-files.store';

/** The top bar's Files panel button; gone when Settings hides the right-most side panel (hideSidePanel). */
export function FilesPanelToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const hidden = useSettingsStore((s) => s.hideSidePanel);
  const { open, setOpen } = useFilesPanel();
  if (hidden) return null;
  const Icon = open ? PanelRightClose : PanelRightOpen;
  const label = t(open ? 'com_ui_files_panel_hide' : 'com_ui_files_panel_show');
  return (
    <button
      type="button"
      id={FILES_PANEL_TOGGLE_ID}
      data-testid="files-panel-toggle"
      aria-label={label}
      title={label}
      aria-expanded={open}
      onClick={() => setOpen(!open)}
      className={`${iconButton} shrink-0 ${className}`}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
