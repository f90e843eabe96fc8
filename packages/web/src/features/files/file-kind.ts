/** A short label of what a file is, for chips: its extension (PDF, CSV), else its MIME subtype, else FILE. */
export function fileKindLabel(filename: string | undefined, type: string | undefined): string {
  const dot = filename?.lastIndexOf('.') ?? -1;
  const extension = filename && dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1) : '';
  if (extension && extension.length <= 5) return extension.toUpperCase();
  const subtype =
    type
      ?.split('/')[1]
      ?.split(/[.+;-]/)
      .at(-1) ?? '';
  return subtype && subtype.length <= 12 ? subtype.toUpperCase() : 'FILE';
}
