import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { iconButton } from '../../../components/ui/button';
import { MenuIcon, NewChatIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ChatControls } from '../../endpoints/components/chat-controls';
import { FilesPanelToggle } from '../../my-files/components/files-panel-toggle';
import { NARROW_QUERY, useNavStore } from '../nav.store';

/**
 * The header above the chat (docs/reference/settings-and-ui.md (The chat screen)). Under 768 px: the mobile header
 * (sidebar toggle, title, new chat) over the controls row. Wider: one row whose new-chat button shows only while the
 * sidebar is closed.
 */
export function TopBar({ title }: { title: string }) {
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
      className={iconButton}
    >
      <MenuIcon />
    </button>
  );
  const newChat = (
    <button
      type="button"
      aria-label={t('com_nav_new_chat')}
      onClick={() => void navigate('/c/new')}
      className={iconButton}
    >
      <NewChatIcon />
    </button>
  );

  if (narrow) {
    return (
      <header className="shrink-0 border-b border-zinc-200 dark:border-zinc-800">
        <div className="flex h-12 items-center gap-2 px-2">
          {toggle}
          <span className="min-w-0 flex-1 truncate text-center text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {title}
          </span>
          {newChat}
        </div>
        <div className="flex min-h-11 items-center gap-1 overflow-x-auto px-2 pb-1.5">
          <ChatControls />
          <FilesPanelToggle className="ml-auto" />
        </div>
      </header>
    );
  }

  return (
    <header className="flex h-12 shrink-0 items-center gap-1 px-2">
      {!visible && toggle}
      {!visible && newChat}
      <ChatControls />
      <FilesPanelToggle className="ml-auto" />
    </header>
  );
}
