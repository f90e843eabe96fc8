/** Words of the prompt kept in the file name: enough to find the image in My Files again. */
const NAME_WORDS = 6;
const NAME_CHARS = 60;

/**
 * A file name for a generated image from the first words of its prompt (`a-red-fox-in-snow.png`), letters and digits
 * of any script kept, so a Chinese prompt names its image too; `fallback` when the prompt has no word.
 */
export function imageFileName(prompt: string, fallback: string, extension: string): string {
  const words =
    prompt
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const stem = Array.from(words.slice(0, NAME_WORDS).join('-')).slice(0, NAME_CHARS).join('');
  return `${stem.replace(/-+$/, '') || fallback}.${extension}`;
}
