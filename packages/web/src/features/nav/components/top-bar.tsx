import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { iconButton } from '../../../components/ui/button';
import { MenuIcon, NewChatIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ChatControls } from '../../endpoints/components/chat-controls';
import { FilesPanelToggle } from '../../my-files/components/files-panel-toggle';
import { NARROW_QUERY, useNavStore } from '../nav.store';
import { HeaderTitle } from './header-title';

/**
 * The header above the chat (docs/reference/settings-and-ui.md (The chat screen)). Under 768 px two rows: the sidebar
 * toggle, the chat's title and New chat; then the controls and the Files panel button
 * (docs/decisions.md (The phone header shows the chat's title)). Wider, one row: toggle and New chat only while the sidebar is closed, then the
 * controls (the title is in the sticky header over the messages). Every icon button has a name and a tooltip.
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
      title={t('com_nav_open_sidebar')}
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
      title={t('com_nav_new_chat')}
      onClick={() => void navigate('/c/new')}
      className={`${iconButton} shrink-0`}
    >
      <NewChatIcon />
    </button>
  );

  if (narrow) {
    return (
      <header
        data-testid="top-bar"
        className="flex shrink-0 flex-col border-b border-zinc-200 px-2 dark:border-zinc-800"
      >
        <div className="flex h-11 items-center gap-1">
          {toggle}
          <HeaderTitle />
          {newChat}
        </div>
        <div className="flex h-10 items-center gap-1">
          <ChatControls />
          <FilesPanelToggle className="ms-auto" />
        </div>
      </header>
    );
  }
  return (
    <header data-testid="top-bar" className="flex h-12 shrink-0 items-center gap-1 px-2">
      {!visible && toggle}
      {!visible && newChat}
      <ChatControls />
      <FilesPanelToggle className="ms-auto" />
    </header>
  );
}
