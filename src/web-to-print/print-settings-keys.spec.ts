import {
  DEFAULT_PRINT_SETTINGS,
  PrintSettings,
  printSettingsKey,
  printSettingsSnapshot,
  ProductLocation,
} from '../catalog';
import type { RecipeSetRef } from '../recipe-sets';
import { PrintSettingsKeys } from './print-settings-keys';

const location = (handle: string, print?: ProductLocation['print']): ProductLocation => ({
  handle,
  printArea: { widthMm: 300, heightMm: 400 },
  dpi: 300,
  embellishment: 'print',
  ...(print ? { print } : {}),
});
const product = (version: number, locations: ProductLocation[]) => ({
  version,
  definition: { locations },
});
const TEE = product(1, [location('front'), location('back', { bleedMm: 1 })]);
const RECIPE_SET = { id: '7d1f3b8e-4b7a-4c39-9d4e-0a6f4b2b1c11', readableId: 'K7PQ4MZT' };
const REF: RecipeSetRef = { kind: 'readable', value: RECIPE_SET.readableId };
const UUID_REF: RecipeSetRef = { kind: 'uuid', value: RECIPE_SET.id };
/** The stored settings as PostgreSQL writes the jsonb (keys by length, then bytes). */
const CMYK_TEXT =
  '{"bleedMm": 5, "colorSpace": "cmyk", "iccProfile": "FOGRA39", "minimumDpi": 150, "pdfStandard": "PDF/X-4", "fileNameTemplate": "{readableId}-{location}"}';

/** The key the print-file worker stores its set under (PrintSettingsService.snapshotFor). */
const workerKey = (client: PrintSettings, locations: ProductLocation[]) =>
  printSettingsKey(printSettingsSnapshot(client, locations));

describe('PrintSettingsKeys', () => {
  let keys: PrintSettingsKeys;
  beforeEach(() => {
    keys = new PrintSettingsKeys();
  });

  it('computes the key the files are stored under: the defaults when the client wrote none', () => {
    const { key, snapshot } = keys.compute(RECIPE_SET, null, TEE);
    expect(key).toBe(workerKey(DEFAULT_PRINT_SETTINGS, TEE.definition.locations));
    expect(snapshot.client).toEqual(DEFAULT_PRINT_SETTINGS);
    expect(snapshot.locations).toEqual({ back: { bleedMm: 1 } });
  });

  it("computes the key of the client's stored settings, whatever their key order", () => {
    const cmyk: PrintSettings = {
      ...DEFAULT_PRINT_SETTINGS,
      colorSpace: 'cmyk',
      iccProfile: 'FOGRA39',
      bleedMm: 5,
    };
    const { key } = keys.compute(RECIPE_SET, CMYK_TEXT, TEE);
    expect(key).toBe(workerKey(cmyk, TEE.definition.locations));
    expect(key).not.toBe(keys.compute(RECIPE_SET, null, TEE).key);
  });

  it('remembers the key per recipe set, and confirms it only for the settings and product version it came from', () => {
    expect(keys.remembered(REF)).toBeUndefined();
    expect(PrintSettingsKeys.confirmed(undefined, { settingsText: null, productVersion: 1 })).toBe(
      undefined,
    );
    const { key } = keys.compute(RECIPE_SET, CMYK_TEXT, TEE);
    const remembered = keys.remembered(REF);
    expect(remembered).toEqual({ key, settingsText: CMYK_TEXT, productVersion: 1 });
    // By either reference to the recipe set, and for no other.
    expect(keys.remembered(UUID_REF)).toEqual(remembered);
    expect(keys.remembered({ kind: 'readable', value: 'K7PQ4MZU' })).toBeUndefined();

    expect(
      PrintSettingsKeys.confirmed(remembered, { settingsText: CMYK_TEXT, productVersion: 1 }),
    ).toBe(key);
    // The client's settings changed (or were deleted), or the product did: not this key.
    const changed = CMYK_TEXT.replace('"bleedMm": 5', '"bleedMm": 4');
    expect(
      PrintSettingsKeys.confirmed(remembered, { settingsText: changed, productVersion: 1 }),
    ).toBe(undefined);
    expect(PrintSettingsKeys.confirmed(remembered, { settingsText: null, productVersion: 1 })).toBe(
      undefined,
    );
    expect(
      PrintSettingsKeys.confirmed(remembered, { settingsText: CMYK_TEXT, productVersion: 2 }),
    ).toBe(undefined);
  });

  it("follows a product's new locations' overrides, and remembers the latest key", () => {
    const before = keys.compute(RECIPE_SET, null, TEE).key;
    const changed = product(2, [location('front', { colorSpace: 'cmyk' }), location('back')]);
    const after = keys.compute(RECIPE_SET, null, changed).key;
    expect(after).not.toBe(before);
    expect(after).toBe(workerKey(DEFAULT_PRINT_SETTINGS, changed.definition.locations));
    expect(keys.remembered(REF)).toEqual({ key: after, settingsText: null, productVersion: 2 });
  });
});
