import { useTranslation } from 'react-i18next';
import { useFileObjectUrl } from '../../files/hooks/use-file-object-url';

interface UserAvatarProps {
  name: string;
  /** The user's `avatar`: an owner-only API path (`/api/files/download/…`), an outside URL, or none. */
  avatar?: string | null;
  /** Size, text and background classes of the round tile (the background shows behind the initial). */
  className?: string;
  /** Decorative by default; give a label where the picture alone names the user. */
  labelled?: boolean;
}

const tile = 'flex shrink-0 items-center justify-center overflow-hidden rounded-full select-none';

/**
 * The user's profile picture, else their initial. An API path is read with the user's token (an <img> cannot
 * send it) and shown from a blob; while it loads, or if it fails, the initial shows.
 */
export function UserAvatar({
  name,
  avatar,
  className = 'size-8 text-sm bg-teal-700 dark:bg-teal-600',
  labelled = false,
}: UserAvatarProps) {
  const { t } = useTranslation();
  const owned = Boolean(avatar?.startsWith('/'));
  const { url } = useFileObjectUrl(owned ? avatar : null);
  const src = owned ? url : (avatar ?? null);
  const label = labelled ? t('com_nav_avatar_of', { name }) : '';
  if (src) {
    return (
      <img
        src={src}
        alt={label}
        aria-hidden={labelled ? undefined : true}
        data-testid="user-avatar-image"
        className={`${tile} object-cover ${className}`}
      />
    );
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? label : undefined}
      aria-hidden={labelled ? undefined : true}
      className={`${tile} font-semibold text-white ${className}`}
    >
      {initial}
    </span>
  );
}
