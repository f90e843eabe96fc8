import { Bot } from 'lucide-react';
import { useFileImageSrc } from '../../files/hooks/use-file-image-src';

/**
 * An assistant's picture, or a robot on a tinted square when it has none or it fails to load. `src` is a file path
 * of the user's (read with their session), a signed one, or a local preview (`blob:`); other addresses are not
 * loaded, so an assistant cannot make the page fetch from elsewhere.
 */
export function AssistantAvatar({ src, className = 'size-8' }: { src?: string | null; className?: string }) {
  const usable = src && (src.startsWith('/api/files/') || src.startsWith('blob:')) ? src : null;
  const image = useFileImageSrc(usable);
  if (usable && image.url && !image.failed) {
    return (
      <img
        src={image.url}
        alt=""
        onError={image.onError}
        className={`shrink-0 rounded-full object-cover ring-1 ring-zinc-200 dark:ring-zinc-700 ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-800 dark:bg-teal-900/60 dark:text-teal-100 ${className}`}
    >
      <Bot className="size-[60%]" />
    </span>
  );
}
