import type { DecodedImage } from './decoded-image';

/**
 * What the model is told once an image is saved. Never the image itself: its base64 would fill the model's context
 * and the reply already shows the picture (the `image_file` part), so the model is told not to link or repeat it.
 */
export function imageOutput(service: string, image: DecodedImage, notes: readonly string[] = []): string {
  return [
    `${service} created the image (${image.width}x${image.height}). It is shown to the user in this reply and ` +
      'saved in their files; do not write a link or Markdown image for it.',
    ...notes,
  ].join('\n');
}
