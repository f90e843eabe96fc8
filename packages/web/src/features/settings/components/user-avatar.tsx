import { useTranslation } from 'react-i18next';
import { useFileImageSrc } from '../../files/hooks/use-file-image-src';

interface UserAvatarProps {
  name: string;
  /** The user's `avatar`: a signed or owner-only API path (`/api/files/download/…`), an outside URL, or none. */
  avatar?: string | null;
  /** Size, text and background classes of the round tile (the background shows behind the initial). */
  className?: string;
  /** Decorative by default; give a label where the picture alone names the user. */
  labelled?: boolean;
}

const tile = 'flex shrink-0 items-center justify-center overflow-hidden rounded-full select-none';

/**
 * The user's profile picture, else their initial. A signed API path is the `<img>`'s src; an unsigned one, or a
 * signed one that expired, is read with the user's token and shown from a blob; while it loads, or if it fails,
 * the initial shows. Only an API path watches
 * the file cache: a conversation renders one avatar per message, and most users have no picture.
 */
export function UserAvatar(props: UserAvatarProps) {
  if (props.avatar?.startsWith('/')) return <OwnedAvatar {...props} path={props.avatar} />;
  return <AvatarTile {...props} src={props.avatar ?? null} />;
}

function OwnedAvatar({ path, ...props }: UserAvatarProps & { path: string }) {
  const { url, onError } = useFileImageSrc(path);
  return <AvatarTile {...props} src={url} onError={onError} />;
}

function AvatarTile({
  name,
  src,
  className = 'size-8 text-sm bg-teal-700',
  labelled = false,
  onError,
}: Omit<UserAvatarProps, 'avatar'> & { src: string | null; onError?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const label = labelled ? t('com_nav_avatar_of', { name }) : '';
  if (src) {
    return (
      <img
        src={src}
        alt={label}
        aria-hidden={labelled ? undefined : true}
        data-testid="user-avatar-image"
        onError={onError}
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
