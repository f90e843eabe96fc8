import { imageTokenCost, type ImageDetail } from '@parley/shared';
import { isImage, type MessageFile } from './message-files';

/** The images among a message's files. */
export const imagesIn = (files: readonly MessageFile[] | null | undefined): MessageFile[] =>
  (files ?? []).filter((file) => isImage(file.type));

/** The images among a stored message's `files` JSON; a message without files (most) costs no parse. */
export function imagesOf(filesJson: string | null | undefined): MessageFile[] {
  return filesJson ? imagesIn(JSON.parse(filesJson) as MessageFile[]) : [];
}

/** Tokens the images take in the context (docs/reference/files.md (Images and vision)) at the conversation's detail. */
export function imagesTokenCost(images: readonly MessageFile[], detail: ImageDetail): number {
  return images.reduce((sum, image) => sum + imageTokenCost(image, detail), 0);
}

/**
 * The newest entries (oldest first in, oldest first out) whose costs together fit the budget: older ones go first,
 * as in the ancestor walk. The newest entry (the turn's own message) is always kept.
 */
export function keepWithinBudget<T>(entries: readonly T[], budget: number, cost: (entry: T) => number): T[] {
  let total = 0;
  let first = entries.length;
  while (first > 0) {
    const next = total + cost(entries[first - 1]!);
    if (next > budget && first < entries.length) break;
    total = next;
    first -= 1;
  }
  return entries.slice(first);
}
