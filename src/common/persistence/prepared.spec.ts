import { asPreparedQuery, prepared, PREPARED_MARK } from './prepared';

describe('asPreparedQuery', () => {
  it('names a marked statement after its text, the same name each time', () => {
    const a = asPreparedQuery(prepared('SELECT $1'), [1]);
    expect(a).toEqual({
      name: expect.stringMatching(/^p_[0-9a-f]{24}$/),
      text: `${PREPARED_MARK}SELECT $1`,
      values: [1],
    });
    expect(asPreparedQuery(prepared('SELECT $1'), [2])?.name).toBe(a?.name);
    expect(asPreparedQuery(prepared('SELECT $1 '), [2])?.name).not.toBe(a?.name);
    expect(asPreparedQuery(prepared('SELECT 1'), undefined)?.values).toEqual([]);
  });

  it('leaves everything else to pg as it was', () => {
    expect(asPreparedQuery('SELECT $1', [1])).toBeUndefined();
    expect(asPreparedQuery({ text: prepared('SELECT 1') }, undefined)).toBeUndefined();
    expect(asPreparedQuery(prepared('SELECT 1'), () => undefined)).toBeUndefined();
  });
});
