import { acknowledgedAsDuplicate, printFilesFailByInput } from './deterministic-failures';

describe('deterministic sandbox failures', () => {
  it('apply to sandbox clients only', () => {
    expect(acknowledgedAsDuplicate(true, 'PO-1-409')).toBe(true);
    expect(acknowledgedAsDuplicate(false, 'PO-1-409')).toBe(false);
    expect(acknowledgedAsDuplicate(true, 'PO-409-1')).toBe(false);
    expect(printFilesFailByInput(true, 'FAILTEE1')).toBe(true);
    expect(printFilesFailByInput(true, 'failtee1')).toBe(true);
    expect(printFilesFailByInput(false, 'FAILTEE1')).toBe(false);
    expect(printFilesFailByInput(true, 'DEMTEE2A')).toBe(false);
  });
});
