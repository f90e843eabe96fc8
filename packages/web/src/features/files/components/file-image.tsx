import type { ImgHTMLAttributes } from 'react';
import { useFileImageSrc } from '../hooks/use-file-image-src';

interface FileImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** A file's `filepath` (a signed URL, or an owner-only API path) or a local `blob:` preview. */
  path: string | null | undefined;
}

/**
 * An image stored by Parley: from its signed URL, else (unsigned, or the signature expired) read with the user's
 * token; a neutral box while that loads.
 */
export function FileImage({ path, alt = '', className, style, onError, ...rest }: FileImageProps) {
  const { url, failed, onError: fallBack } = useFileImageSrc(path);
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
  return (
    <img
      src={url}
      alt={alt}
      className={className}
      style={style}
      onError={(event) => {
        fallBack?.();
        onError?.(event);
      }}
      {...rest}
    />
  );
}
