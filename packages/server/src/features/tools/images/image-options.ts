import type { ServiceOptions } from '../search/service-http';

/**
 * How long an image service may take, its answer included. Drawing takes tens of seconds (DALL-E 3 in HD, a large
 * Stable Diffusion image on a small GPU), four times a search's wait; the step running the tool needs as long.
 */
export const IMAGE_TIMEOUT_MS = 120_000;

/** A step running an image tool may take the service's wait and then the time to save the image. */
export const imageStepTimeout = (options: ServiceOptions): number =>
  (options.timeoutMs ?? IMAGE_TIMEOUT_MS) + 15_000;

/** What an image tool's factory takes: where the service is (its real address when absent) and the time limit. */
export type ImageToolOptions = ServiceOptions;
