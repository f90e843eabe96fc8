import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { iconButton } from '../../../components/ui/button';
import { MenuIcon, NewChatIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ChatControls } from '../../endpoints/components/chat-controls';
import { FilesPanelToggle } from '../../my-files/components/files-panel-toggle';
import { NARROW_QUERY, useNavStore } from '../nav.store';

/**
 * The header above the chat (docs/reference/settings-and-ui.md (The chat screen)), always one row. Under 768 px:
 * sidebar toggle, the controls, the Files panel button and New chat
 * (docs/decisions.md (One header row under 768 px)). Wider: toggle and New chat only while the sidebar is closed.
 */
export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_QUERY);
  const visible = useNavStore((s) => s.visible);
  const setVisible = useNavStore((s) => s.setVisible);

  const toggle = (
    <button
      type="button"
      aria-label={t('com_nav_open_sidebar')}
      aria-expanded={visible}
      onClick={() => setVisible(true)}
      className={`${iconButton} shrink-0`}
    >
      <MenuIcon />
    </button>
  );
  const newChat = (
    <button
      type="button"
      aria-label={t('com_nav_new_chat')}
      onClick={() => void navigate('/c/new')}
      className={`${iconButton} shrink-0`}
    >
      <NewChatIcon />
    </button>
  );

  return (
    <header
      className={`flex h-12 shrink-0 items-center gap-1 px-2 ${narrow ? 'border-b border-zinc-200 dark:border-zinc-800' : ''}`}
    >
      {(narrow || !visible) && toggle}
      {!narrow && !visible && newChat}
      <ChatControls />
      <FilesPanelToggle className="ml-auto" />
      {narrow && newChat}
    </header>
  );
}
