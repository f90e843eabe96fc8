import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { iconButton } from '../../../components/ui/button';
import { MenuIcon, NewChatIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../../lib/use-media-query';
import { NARROW_QUERY, useNavStore } from '../nav.store';

/** Mobile header (toggle, title, new chat); on wide screens only shown while the sidebar is closed. */
export function TopBar({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_QUERY);
  const visible = useNavStore((s) => s.visible);
  const setVisible = useNavStore((s) => s.setVisible);
  if (!narrow && visible) return null;

  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 px-2 md:border-none dark:border-zinc-800">
      <button
        type="button"
        aria-label={t('com_nav_open_sidebar')}
        aria-expanded={visible}
        onClick={() => setVisible(true)}
        className={iconButton}
      >
        <MenuIcon />
      </button>
      <span className="min-w-0 flex-1 truncate text-center text-sm font-medium text-zinc-800 md:text-left dark:text-zinc-200">
        {narrow ? title : ''}
      </span>
      <button
        type="button"
        aria-label={t('com_nav_new_chat')}
        onClick={() => navigate('/c/new')}
        className={iconButton}
      >
        <NewChatIcon />
      </button>
    </header>
  );
}
