import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consolePage, HASHED_ASSET, loadConsoleBuild } from './console-files';

describe('the console build', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'pci-console-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is absent until index.html is built', () => {
    expect(loadConsoleBuild(dir)).toBeNull();
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    expect(loadConsoleBuild(dir)).toEqual({
      root: dir,
      index: '<!doctype html><div id="root"></div>',
    });
  });

  it.each([
    ['assets/index-BvX3k_9a.js', true],
    ['assets/index-DdHs81qZ.css', true],
    ['assets/orders-C-2qkLm0.js', true],
    ['assets/index.js', false],
    ['assets/../index.html', false],
    ['assets/sub/index-BvX3k_9a.js', false],
    ['assets/.env-BvX3k_9a.js', false],
    ['index.html', false],
  ])('serves %s as a hashed asset: %s', (name, hashed) => {
    expect(HASHED_ASSET.test(name)).toBe(hashed);
  });

  it('allows no inline script, no style but its nonce, no eval, no framing, no other origin', () => {
    const build = { root: dir, index: '<meta property="csp-nonce" nonce="CONSOLE_CSP_NONCE">' };
    const first = consolePage(build);
    const nonce = /nonce="([^"]+)"/.exec(first.html)![1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(first.policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(first.policy).not.toMatch(/unsafe-|\*|https?:/);
    expect(first.policy).toContain("default-src 'none'");
    expect(first.policy).toContain("script-src 'self';");
    expect(first.policy).toContain("frame-ancestors 'none'");
    // Every answer has its own.
    expect(consolePage(build).html).not.toBe(first.html);
  });
});
