import { useState } from 'react';
import { isSignedFilePath, unsignedFilePath } from '../signed-path';
import { useFileObjectUrl } from './use-file-object-url';

export interface FileImageSrc {
  url: string | null;
  failed: boolean;
  /** For the `<img>`'s onError: a signed URL that fails (it expired while the page sat open) falls back. */
  onError: (() => void) | undefined;
}

/**
 * The `src` of one of the user's images (docs/reference/files.md (Reading a file)). A signed path is used as it is,
 * so the browser loads and caches it like any image. If it fails to load (a page left open past its expiry), the
 * same file is read once with the bearer token and shown from a blob; unsigned API paths (an image a reply names
 * by its path) are read that way from the start. `blob:` and `data:` previews pass through.
 */
export function useFileImageSrc(path: string | null | undefined): FileImageSrc {
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const signed = Boolean(path) && isSignedFilePath(path!);
  const direct = signed && failedPath !== path;
  const blob = useFileObjectUrl(direct ? null : signed ? unsignedFilePath(path!) : path);
  if (direct) return { url: path!, failed: false, onError: () => setFailedPath(path!) };
  return { ...blob, onError: undefined };
}
