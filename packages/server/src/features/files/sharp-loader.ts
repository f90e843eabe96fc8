import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;
let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded on the first image: libvips adds about 26 MB to a process, which an idle server (no uploads yet)
 * need not pay (idle memory: docs/architecture.md (Performance budgets)).
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
