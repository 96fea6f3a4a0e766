import { printFilesFailByInput } from './sandbox-print-failures';

describe('the sandbox print-failure rule', () => {
  it("fails a sandbox recipe set whose readable id starts with FAIL (any case), never a live one's", () => {
    expect(printFilesFailByInput(true, 'FAILTEE1')).toBe(true);
    expect(printFilesFailByInput(true, 'failtee1')).toBe(true);
    expect(printFilesFailByInput(false, 'FAILTEE1')).toBe(false);
    expect(printFilesFailByInput(true, 'DEMTEE2A')).toBe(false);
  });
});
