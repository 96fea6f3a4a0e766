import { pathAmbiguity, rawPathOf } from './unambiguous-path';

describe('pathAmbiguity', () => {
  it.each([
    ['/api/x/a\\b', 'a backslash (\\)'],
    ['/api/x/%2e%2e/b', 'an encoded . (%2e)'],
    ['/api/x/a%2Fb', 'an encoded / (%2F)'],
    ['/api/x/a%5Cb', 'an encoded \\ (%5C)'],
    ['/api/x/../b', 'a .. segment'],
    ['/api/x/./b', 'a . segment'],
    ['/api/x/..', 'a .. segment'],
    ['/api/x//b', 'an empty segment (//)'],
    ['/api/x/a\tb', 'a control character or space'],
  ])('names what a normaliser would change in %j', (path, problem) => {
    expect(pathAmbiguity(path)).toBe(problem);
  });

  it.each(['/api/x/a.b/..c/c..', '/api/x/north/', '/', '/api/x/%41%3a%E2%82%AC', '/api/x/a%2'])(
    'accepts %j, which every reader routes alike',
    (path) => expect(pathAmbiguity(path)).toBeUndefined(),
  );

  it('reads the path of a request target as it came', () => {
    expect(rawPathOf('/a/..\\b?x=/../&y')).toBe('/a/..\\b');
    expect(rawPathOf('/a/b')).toBe('/a/b');
  });
});
