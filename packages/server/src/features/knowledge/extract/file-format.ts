/** How a knowledge file is read: each format has its own reader (text, markdown, csv and code share one). */
export type FileFormat = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'html' | 'xml' | 'json' | 'text';

const BY_TYPE: Record<string, FileFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/xml': 'xml',
  'application/xml': 'xml',
  'application/json': 'json',
  'text/json': 'json',
  'application/ld+json': 'json',
  'text/csv': 'text',
  'application/csv': 'text',
  'text/tab-separated-values': 'text',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'application/javascript': 'text',
  'application/typescript': 'text',
  'application/x-sh': 'text',
  'application/x-httpd-php': 'text',
  'application/sql': 'text',
  'application/x-yaml': 'text',
  'application/yaml': 'text',
  'application/toml': 'text',
};

const TEXT_EXTENSIONS = [
  // prose and data kept as text
  'txt text log md markdown mdx rst adoc tex org csv tsv ini cfg conf toml yaml yml properties srt vtt jsonl ndjson',
  // source code
  'ts tsx mts cts js jsx mjs cjs py pyi java kt kts scala groovy gradle c h cc cpp cxx hpp hh hxx cs go rs rb php',
  'sh bash zsh fish ps1 bat cmd sql css scss sass less swift m mm r lua pl pm dart vue svelte ex exs erl hrl hs',
  'clj cljs fs fsx vb jl zig nim tf hcl proto graphql gql cmake asm s ipynb',
].join(' ');

const BY_EXTENSION: Record<string, FileFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  xml: 'xml',
  xsd: 'xml',
  xsl: 'xml',
  xslt: 'xml',
  rss: 'xml',
  atom: 'xml',
  json: 'json',
  geojson: 'json',
  ...Object.fromEntries(TEXT_EXTENSIONS.split(' ').map((ext) => [ext, 'text' as const])),
};

/** Source files whose name has no extension. */
const TEXT_NAMES = new Set([
  'dockerfile',
  'makefile',
  'gemfile',
  'rakefile',
  'procfile',
  'readme',
  'license',
]);

/** The media type without its parameters, lower case: `text/csv; charset=gbk` → `text/csv`. */
export const mediaTypeOf = (type: string): string => type.split(';', 1)[0]!.trim().toLowerCase();

/** The `charset` parameter of a media type, if any: `text/csv; charset=GBK` → `gbk`. */
export function charsetOf(type: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(type);
  return match?.[1]?.toLowerCase();
}

export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The reader for a file. A specific media type decides first (uploads are typed by content); then the name's
 * extension, since content sniffing calls most source files text/plain or octet-stream (and `.ts` even
 * video/mp2t); then any other `text/*` type is read as text.
 */
export function formatOf(type: string, filename: string): FileFormat | undefined {
  const mediaType = mediaTypeOf(type);
  const byType = BY_TYPE[mediaType];
  if (byType) return byType;
  const ext = extensionOf(filename);
  const byExtension = Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined;
  if (byExtension) return byExtension;
  const base = (filename.split(/[\\/]/).pop() ?? '').toLowerCase();
  if (ext === '' && TEXT_NAMES.has(base)) return 'text';
  return mediaType.startsWith('text/') ? 'text' : undefined;
}

/** Whether Parley can read the text of a file of this type and name. */
export const canExtract = (type: string, filename: string): boolean => formatOf(type, filename) !== undefined;

const LEGACY: Record<string, string> = {
  doc: 'Word 97–2003 (.doc) files are not read: save the file as .docx',
  xls: 'Excel 97–2003 (.xls) files are not read: save the file as .xlsx',
  ppt: 'PowerPoint 97–2003 (.ppt) files are not read: save the file as .pptx',
};

/** Why a file has no reader, in words a user can act on. */
export function unsupportedReason(type: string, filename: string): string {
  const legacy = LEGACY[extensionOf(filename)];
  if (legacy) return legacy;
  const shown = mediaTypeOf(type) || 'no type';
  return `files of type ${shown} (${filename}) have no text reader`;
}
