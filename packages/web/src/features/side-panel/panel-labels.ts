import { Bot, FolderOpen, type LucideIcon } from 'lucide-react';
import type { SidePanelId } from './side-panel.store';

/** Each panel's icon and name (literal keys, so the locale test sees them). */
export const PANEL_LABELS: Record<SidePanelId, { icon: LucideIcon; label: string }> = {
  assistants: { icon: Bot, label: 'com_sidepanel_assistant_builder' },
  files: { icon: FolderOpen, label: 'com_ui_files_panel' },
};
