import { existsSync } from 'node:fs';
import { Browser, BrowserContextOptions, chromium, Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Headless Chromium without background networking; Playwright gives it a fresh, temporary profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * How long a navigation or a wait for the page may take before the test fails. Playwright's own 30 s
 * was not enough for Swagger UI's first load beside the other CI lane on a 2-core machine; only a
 * hang reaches this.
 */
export const PAGE_TIMEOUT_MS = 90_000;

/** A page in a fresh context (options as Browser.newContext) with the timeouts above. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
  return context.newPage();
}
