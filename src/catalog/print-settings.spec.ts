import {
  DEFAULT_SETTINGS_KEY,
  DEFAULT_SETTINGS_SNAPSHOT,
} from '../database/migrations/1766003400000-print-settings';
import {
  colourProblems,
  DEFAULT_PRINT_SETTINGS,
  fileNameTemplateProblems,
  locationPrintSettings,
  mergePrintSettings,
  printSettingsKey,
  printSettingsSnapshot,
} from './print-settings';

describe('print settings', () => {
  it('accepts every placeholder and the safe characters', () => {
    expect(
      fileNameTemplateProblems(
        '{readableId}_{uuid} {location}.{purchaseOrderNumber}-{sku}-{quantity}-{designVersion}-{productHandle}',
      ),
    ).toEqual([]);
  });

  it('names unknown placeholders, unsafe characters and a missing {location}', () => {
    expect(fileNameTemplateProblems('{toString}-{location}')).toEqual([
      expect.stringContaining('unknown placeholders {toString}'),
    ]);
    expect(fileNameTemplateProblems('{readableId}-{colour}-{Location}-{location}')).toEqual([
      expect.stringContaining('unknown placeholders {colour}, {Location}'),
    ]);
    expect(fileNameTemplateProblems('po/{location}\\x:y')).toEqual([
      expect.stringContaining('unsafe in a ZIP entry: "/" "\\\\" ":"'),
    ]);
    expect(fileNameTemplateProblems('{readableId}')).toEqual([
      expect.stringContaining('must include {location}'),
    ]);
    expect(fileNameTemplateProblems('.{location}')).toEqual([
      expect.stringContaining('must not begin or end with a dot'),
    ]);
    expect(fileNameTemplateProblems('')).toEqual([expect.stringContaining('1–120 characters')]);
    expect(
      fileNameTemplateProblems('{location}', 'locations[front].print.fileNameTemplate'),
    ).toEqual([]);
  });

  it('refuses a profile of the other colour space, naming both', () => {
    expect(colourProblems({ colorSpace: 'rgb', iccProfile: 'FOGRA39' })).toEqual([
      expect.stringMatching(/iccProfile FOGRA39 is a CMYK profile, not RGB \(sRGB\)/),
    ]);
    expect(colourProblems({ colorSpace: 'cmyk', iccProfile: 'GRACoL2006' })).toEqual([]);
    expect(colourProblems({ iccProfile: 'FOGRA39' })).toEqual([]);
  });

  it('completes a location override: a profile implies its space, a space its default profile', () => {
    const cmykClient = {
      ...DEFAULT_PRINT_SETTINGS,
      colorSpace: 'cmyk',
      iccProfile: 'GRACoL2006',
    } as const;
    expect(mergePrintSettings(DEFAULT_PRINT_SETTINGS, { iccProfile: 'FOGRA39' })).toMatchObject({
      colorSpace: 'cmyk',
      iccProfile: 'FOGRA39',
    });
    expect(mergePrintSettings(DEFAULT_PRINT_SETTINGS, { colorSpace: 'cmyk' })).toMatchObject({
      colorSpace: 'cmyk',
      iccProfile: 'FOGRA39',
    });
    // The client's CMYK profile is kept when a location only asks for CMYK.
    expect(mergePrintSettings(cmykClient, { colorSpace: 'cmyk' }).iccProfile).toBe('GRACoL2006');
    expect(mergePrintSettings(cmykClient, { colorSpace: 'rgb' }).iccProfile).toBe('sRGB');
    expect(locationPrintSettings(cmykClient, { print: { bleedMm: 0 } })).toEqual({
      ...cmykClient,
      bleedMm: 0,
    });
    expect(locationPrintSettings(cmykClient, {})).toBe(cmykClient);
  });

  it('keys a snapshot by its content, whatever the order of keys and locations', () => {
    const a = printSettingsSnapshot(DEFAULT_PRINT_SETTINGS, [
      { handle: 'front' },
      { handle: 'back', print: { minimumDpi: 300, bleedMm: 5 } },
    ]);
    const b = printSettingsSnapshot({ ...DEFAULT_PRINT_SETTINGS }, [
      { handle: 'back', print: { bleedMm: 5, minimumDpi: 300, colorSpace: undefined } },
      { handle: 'front', print: {} },
    ]);
    expect(a).toEqual({
      client: DEFAULT_PRINT_SETTINGS,
      locations: { back: { bleedMm: 5, minimumDpi: 300 } },
    });
    expect(printSettingsKey(b)).toBe(printSettingsKey(a));
    expect(
      printSettingsKey(printSettingsSnapshot({ ...DEFAULT_PRINT_SETTINGS, bleedMm: 4 }, [])),
    ).not.toBe(printSettingsKey(printSettingsSnapshot(DEFAULT_PRINT_SETTINGS, [])));
  });

  it('gives the sets made before settings existed the key of the defaults (the migration)', () => {
    const defaults = printSettingsSnapshot(DEFAULT_PRINT_SETTINGS, [{ handle: 'front' }]);
    expect(JSON.parse(DEFAULT_SETTINGS_SNAPSHOT)).toEqual(defaults);
    expect(printSettingsKey(defaults)).toBe(DEFAULT_SETTINGS_KEY);
  });
});
