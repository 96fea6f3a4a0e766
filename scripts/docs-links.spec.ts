import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The README and the pages under docs/ link to each other, to files of the repository and to
 * headings: every such link must lead somewhere (a moved section breaks them silently otherwise).
 */
const ROOT = join(__dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
}

/** Every relative link (outside code blocks) of `file`: its target path and anchor. */
function links(file: string): { target: string; path: string; anchor?: string }[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => {
      const [path, anchor] = target.split('#');
      return { target, path: path === '' ? file : normalize(join(dirname(file), path)), anchor };
    });
}

describe('links of the README and docs/', () => {
  const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

  it('finds the pages', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))('%s: every link leads somewhere', (_, file) => {
    const broken = links(file)
      .filter(
        ({ path, anchor }) =>
          !existsSync(path) ||
          (anchor !== undefined && path.endsWith('.md') && !anchors(path).has(anchor)),
      )
      .map((l) => l.target);
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Signed render URLs (`<img>` tags and e-mails)')).toBe(
      'signed-render-urls-img-tags-and-e-mails',
    );
    expect(anchorOf('5. Input: strict where it matters, lenient where clients differ')).toBe(
      '5-input-strict-where-it-matters-lenient-where-clients-differ',
    );
  });
});
