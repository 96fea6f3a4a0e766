import { acknowledgedAsDuplicate } from './sandbox-duplicates';

describe('the sandbox duplicate rule', () => {
  it('answers a sandbox number ending in -409 as already submitted, never a live one', () => {
    expect(acknowledgedAsDuplicate(true, 'PO-1-409')).toBe(true);
    expect(acknowledgedAsDuplicate(false, 'PO-1-409')).toBe(false);
    expect(acknowledgedAsDuplicate(true, 'PO-409-1')).toBe(false);
  });
});
