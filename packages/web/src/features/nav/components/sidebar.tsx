import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PublicUser } from '@parley/shared';
import { iconButton } from '../../../components/ui/button';
import { NewChatIcon, SidebarIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../../lib/use-media-query';
import { NARROW_QUERY, useNavStore } from '../nav.store';
import { ConversationNav } from '../../conversations/components/conversation-nav';
import { LazyUserMenu } from './user-menu-lazy';

/** The collapsible sidebar: 260 px, 320 px as an overlay under 768 px (docs/reference/settings-and-ui.md (Layout)). */
export function Sidebar({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_QUERY);
  const visible = useNavStore((s) => s.visible);
  const setVisible = useNavStore((s) => s.setVisible);
  if (!visible) return null;

  const newChat = () => {
    void navigate('/c/new');
    if (narrow) setVisible(false);
  };

  return (
    <>
      {narrow && (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-black/40"
          onClick={() => setVisible(false)}
        />
      )}
      <nav
        data-testid="nav"
        aria-label={t('com_nav_sidebar')}
        className="fixed inset-y-0 start-0 z-40 flex w-[320px] max-w-[calc(100vw-2.5rem)] shrink-0 flex-col border-e border-zinc-200 bg-zinc-50 md:static md:z-auto md:w-[260px] dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="flex items-center gap-1 p-2">
          <button
            type="button"
            data-testid="new-chat"
            onClick={newChat}
            className={`${iconButton} h-10 flex-1 justify-start gap-2.5 px-2.5 text-sm font-medium text-zinc-900 dark:text-zinc-100`}
          >
            <NewChatIcon />
            {t('com_nav_new_chat')}
          </button>
          <button
            type="button"
            aria-label={t('com_nav_close_sidebar')}
            onClick={() => setVisible(false)}
            className={iconButton}
          >
            <SidebarIcon />
          </button>
        </div>
        <ConversationNav />
        <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
          <LazyUserMenu user={user} />
        </div>
      </nav>
    </>
  );
}
