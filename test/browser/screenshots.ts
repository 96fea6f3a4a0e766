import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Page } from 'playwright-core';

/**
 * Saves the page as `pages-{name}.png` in the folder PAGE_SCREENSHOTS names, when it names one
 * (`PAGE_SCREENSHOTS=docs npm run test:browser` draws the pictures of docs/pages.md again).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.PAGE_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `pages-${name}.png`), fullPage: true });
}
