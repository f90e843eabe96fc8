import type { ImgHTMLAttributes } from 'react';
import { useFileObjectUrl } from '../hooks/use-file-object-url';

interface FileImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** A file's `filepath` (owner-only API path) or a local `blob:` preview. */
  path: string | null | undefined;
}

/** An image stored by Parley, fetched with the user's token; a neutral box while it loads. */
export function FileImage({ path, alt = '', className, style, ...rest }: FileImageProps) {
  const { url, failed } = useFileObjectUrl(path);
  if (!url) {
    return (
      <span
        role="img"
        aria-label={alt}
        aria-busy={!failed}
        style={style}
        className={`inline-block bg-neutral-200 dark:bg-neutral-700 ${className ?? ''}`}
      />
    );
  }
  return <img src={url} alt={alt} className={className} style={style} {...rest} />;
}
