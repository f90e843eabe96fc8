/**
 * Characters no file name keeps, uploaded or downloaded: C0 and C1 controls, and the bidirectional overrides that
 * make `gpj.exe` read as `exe.jpg` (docs/reference/files.md (Uploading)). Global: use with `replace`.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
