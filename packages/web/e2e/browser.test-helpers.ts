import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ARTIFACTS = resolve(import.meta.dirname, '../../../e2e-artifacts');

/** Debian's Chromium, headless, with the network-quiet flags this machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newContext(
  browser: Browser,
  options: { locale?: string; width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** A unique address per run so specs never collide on the shared server. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
