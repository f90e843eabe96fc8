/**
 * The MIME type a file name's extension declares. A name's type is only a claim, checked against the endpoint's
 * supported types (so `photo.exe` is refused whatever it holds); the stored type comes from the content, except
 * for text formats, which have no magic bytes and take the type their extension names.
 */
const TYPES: [type: string, extensions: string][] = [
  ['image/jpeg', 'jpg jpeg jpe jfif'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/bmp', 'bmp'],
  ['image/tiff', 'tif tiff'],
  ['image/svg+xml', 'svg'],
  ['image/x-icon', 'ico'],
  ['image/heic', 'heic heif'],
  ['image/avif', 'avif'],
  ['application/pdf', 'pdf'],
  ['application/msword', 'doc'],
  ['application/vnd.ms-excel', 'xls'],
  ['application/vnd.ms-powerpoint', 'ppt'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ['application/zip', 'zip'],
  ['application/x-tar', 'tar'],
  ['application/gzip', 'gz tgz'],
  ['application/rtf', 'rtf'],
  ['application/x-7z-compressed', '7z'],
  ['application/vnd.rar', 'rar'],
  ['application/x-msdownload', 'exe dll com scr'],
  ['application/x-msi', 'msi'],
  ['application/x-elf', 'elf so'],
  ['application/java-archive', 'jar'],
  ['application/vnd.android.package-archive', 'apk'],
  ['application/x-apple-diskimage', 'dmg'],
  ['audio/mpeg', 'mp3'],
  ['audio/wav', 'wav'],
  ['video/mp4', 'mp4'],
  ['video/quicktime', 'mov'],
  ['text/plain', 'txt text log ini cfg conf rst adoc properties env vue svelte'],
  ['text/markdown', 'md markdown'],
  ['text/csv', 'csv'],
  ['text/tab-separated-values', 'tsv'],
  ['application/json', 'json jsonl ndjson'],
  ['application/xml', 'xml'],
  ['text/html', 'html htm'],
  ['text/css', 'css scss less'],
  ['text/javascript', 'js mjs cjs jsx'],
  ['application/typescript', 'ts tsx mts cts'],
  ['text/x-python', 'py'],
  ['application/x-sh', 'sh bash zsh'],
  ['application/x-httpd-php', 'php'],
  ['application/x-tex', 'tex'],
  ['application/x-latex', 'latex'],
  ['text/x-java', 'java'],
  ['text/x-c', 'c h'],
  ['text/x-c++', 'cpp cc cxx hpp'],
  ['text/x-csharp', 'cs'],
  ['text/x-go', 'go'],
  ['text/x-rust', 'rs'],
  ['text/x-ruby', 'rb'],
  ['text/x-swift', 'swift'],
  ['text/x-kotlin', 'kt kts'],
  ['text/x-scala', 'scala'],
  ['text/x-sql', 'sql'],
  ['text/yaml', 'yaml yml'],
  ['text/x-toml', 'toml'],
  ['text/x-r', 'r'],
  ['text/x-lua', 'lua'],
  ['text/x-perl', 'pl pm'],
];

const BY_EXTENSION = new Map(
  TYPES.flatMap(([type, list]) => list.split(' ').map((ext) => [ext, type] as const)),
);

/** Types whose content is plain text: accepted without magic bytes when the first bytes are UTF-8 text. */
const TEXTUAL = /^(text\/|application\/(json|xml|csv|typescript|javascript|x-sh|x-httpd-php|x-tex|x-latex)$)/;

export const isTextualType = (type: string): boolean => TEXTUAL.test(type);

/**
 * The type the name's extension declares: undefined for a name without one, and `application/octet-stream` for an
 * extension the table does not know, so that counts as the claim of an unknown type rather than as no claim.
 */
export function typeOfExtension(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return undefined;
  return BY_EXTENSION.get(filename.slice(dot + 1).toLowerCase()) ?? 'application/octet-stream';
}
