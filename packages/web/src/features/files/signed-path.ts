/**
 * File paths as the server answers them (docs/reference/files.md (Reading a file)): `/api/files/download/{id}` with
 * `?exp=…&sig=…`, readable by a plain `<img src>` for 10 to 20 minutes.
 */
const SIGNED = /^\/api\/files\/download\/[^/?#]+\?(?:[^#]*&)?sig=[^&#]+/;

/** Whether `path` is a signed file URL an `<img>` can load by itself. */
export const isSignedFilePath = (path: string): boolean => SIGNED.test(path);

/** The path without its signature: what the bearer token reads once the signature has expired. */
export const unsignedFilePath = (path: string): string => path.split(/[?#]/)[0] ?? path;
