import { RecipeStatus } from '../recipe-sets';
import { printState, PrintStateRow } from './print-reads.repository';

const ROW: PrintStateRow = {
  id: '7d1f3b8e-4b7a-4c39-9d4e-0a6f4b2b1c11',
  readableId: 'K7PQ4MZT',
  clientId: '0b6c2f0e-9a51-4f53-8a8e-3a9d7b1e2c44',
  sandbox: false,
  status: RecipeStatus.Ordered,
  version: 3,
  productHandle: 'demo-tee',
  productVersion: 2,
  settingsText: null,
  setId: null,
  setStatus: null,
  zipKey: null,
  locations: null,
  failureLogId: null,
};

describe('printState', () => {
  it('has no file set when the statement found none under the key', () => {
    const { setId, setStatus, zipKey, locations, failureLogId, ...recipeSet } = ROW;
    expect([setId, setStatus, zipKey, locations, failureLogId]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(printState(ROW)).toEqual({ ...recipeSet, set: null });
  });

  it("gathers the file set's columns into one object, beside the recipe set's", () => {
    const files = { front: { pdf: 'print/ab/1.pdf', png: 'print/ab/1.png' } };
    const state = printState({
      ...ROW,
      setId: '5e0f8c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
      setStatus: 'ready',
      zipKey: 'print/ab/1.zip',
      locations: files,
    });
    expect(state.set).toEqual({
      id: '5e0f8c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
      status: 'ready',
      zipKey: 'print/ab/1.zip',
      locations: files,
      failureLogId: null,
    });
    expect(state).not.toHaveProperty('setId');
    expect(state).not.toHaveProperty('zipKey');
    expect(state.productVersion).toBe(2);
  });
});
