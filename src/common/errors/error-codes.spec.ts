import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sourceFiles } from '../../../test/support/source-files';
import { ERROR_CODES } from './error-codes';

const SRC = join(__dirname, '..', '..');

/**
 * The codes the source gives errors: the first argument of a DomainError's constructor (directly
 * or from a subclass's `super`), and the codes ErrorResponder gives what is not a DomainError.
 */
function codesInSource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (code: string, file: string) =>
    found.set(code, [...(found.get(code) ?? []), relative(SRC, file)]);
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:super|new DomainError)\(\s*'([A-Z][A-Z0-9_]+)'/g))
      add(m[1], file);
    if (file.endsWith('error-responder.ts'))
      for (const m of text.matchAll(/\bcode: '([A-Z][A-Z0-9_]+)'/g)) add(m[1], file);
  }
  return found;
}

describe('ERROR_CODES (the enum of ProblemDetails.code)', () => {
  const inSource = codesInSource();

  it('finds the codes of the source', () => {
    expect(inSource.size).toBeGreaterThan(50);
    expect([...inSource.keys()]).toEqual(
      expect.arrayContaining(['VALIDATION_FAILED', 'RECIPE_SET_NOT_FOUND', 'INTERNAL_ERROR']),
    );
  });

  it('lists every code an error of the source carries', () => {
    const listed = new Set<string>(ERROR_CODES);
    const missing = [...inSource].filter(([code]) => !listed.has(code));
    expect(missing.map(([code, files]) => `${code} (${files.join(', ')})`)).toEqual([]);
  });

  it('lists no code the source no longer uses, each once, sorted', () => {
    expect(ERROR_CODES.filter((code) => !inSource.has(code))).toEqual([]);
    expect([...ERROR_CODES]).toEqual([...new Set(ERROR_CODES)].sort());
  });
});
