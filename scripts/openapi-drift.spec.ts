import { describeDrift } from './openapi-drift';

describe('describeDrift', () => {
  it('is silent for identical documents', () => {
    expect(describeDrift('{\n"a": 1\n}\n', '{\n"a": 1\n}\n')).toBeUndefined();
  });

  it('names the differing line', () => {
    const drift = describeDrift('{\n"a": 1\n}\n', '{\n"a": 2\n}\n');
    expect(drift).toContain('line 2');
    expect(drift).toContain('"a": 1');
    expect(drift).toContain('"a": 2');
  });

  it('reports a missing document', () => {
    expect(describeDrift('', '{}')).toContain('missing');
  });
});
