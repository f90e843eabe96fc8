/**
 * Uploads are the users' data: readable by the server's own account only, as `secrets.json` is. Folders 0700 keep
 * other accounts on the machine from listing or reaching any file under them; files 0600 keep them private even
 * if a folder is opened up later.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
