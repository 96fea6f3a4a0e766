import { createHash } from 'node:crypto';
import { FILE_NAME_CHARACTERS, isFileNameCharacter } from '../common/files/file-names';
import {
  colorSpaceOf,
  PRINT_PROFILE_NAMES,
  PrintProfileName,
} from '../common/pdf/output-conditions';

/**
 * How a client's print files are made (`GET`/`PUT /api/catalog/{clientHandle}/print-settings`),
 * and a location's overrides of them (`print` in the product definition). Plain types and rules:
 * the DTOs validate input into this shape; the print-file worker reads the resolved settings.
 */
export const PDF_STANDARDS = ['PDF/X-4', 'none'] as const;
export type PdfStandard = (typeof PDF_STANDARDS)[number];
export const COLOR_SPACES = ['rgb', 'cmyk'] as const;
export type ColorSpace = (typeof COLOR_SPACES)[number];
export { PRINT_PROFILE_NAMES };
export type { PrintProfileName };

export interface PrintSettings {
  pdfStandard: PdfStandard;
  colorSpace: ColorSpace;
  /** A bundled profile of the colour space (sRGB; FOGRA39 or GRACoL2006 for CMYK). */
  iccProfile: PrintProfileName;
  /** Bleed around the print area on every side of the PDF, 0–10 mm. */
  bleedMm: number;
  /** Image elements printing below this resolution are flagged in the manifest, 72–1200. */
  minimumDpi: number;
  /** The files' names without extension; see FILE_NAME_PLACEHOLDERS. */
  fileNameTemplate: string;
}

/** A location's overrides: any of the client's settings. */
export type LocationPrintSettings = Partial<PrintSettings>;

export const DEFAULT_PRINT_SETTINGS: Readonly<PrintSettings> = Object.freeze({
  pdfStandard: 'PDF/X-4',
  colorSpace: 'rgb',
  iccProfile: 'sRGB',
  bleedMm: 3,
  minimumDpi: 150,
  fileNameTemplate: '{readableId}-{location}',
});

/** The profile a colour space uses when only the colour space is chosen. */
export const DEFAULT_PROFILE: Record<ColorSpace, PrintProfileName> = {
  rgb: 'sRGB',
  cmyk: 'FOGRA39',
};

export const BLEED_MM_RANGE = { min: 0, max: 10 } as const;
export const MINIMUM_DPI_RANGE = { min: 72, max: 1200 } as const;
export const FILE_NAME_TEMPLATE_MAX = 120;

/** What a file name template may name, and what each stands for. */
export const FILE_NAME_PLACEHOLDERS = {
  readableId: "the recipe set's readable id",
  uuid: "the recipe set's UUID",
  location: "the location's handle",
  purchaseOrderNumber: 'the order\u2019s number (`proof` for a proof)',
  sku: 'the SKUs of the order\u2019s lines for the recipe set, joined by `+` (`none` for a proof)',
  quantity: 'their total quantity (0 for a proof)',
  designVersion: "the design's version",
  productHandle: "the product's handle",
} as const;
export type FileNamePlaceholder = keyof typeof FILE_NAME_PLACEHOLDERS;

/**
 * What is wrong with a file name template, each naming what it found: unknown placeholders,
 * characters outside the file name rule (src/common/files/file-names.ts, the one the ZIP writer
 * checks), no `{location}` (two locations' files would get one name). A name made from a valid
 * template is brought inside the rule's length when its placeholders make it longer.
 */
export function fileNameTemplateProblems(template: string, path = 'fileNameTemplate'): string[] {
  const problems: string[] = [];
  if (template.length === 0 || template.length > FILE_NAME_TEMPLATE_MAX)
    return [`${path} must be 1–${FILE_NAME_TEMPLATE_MAX} characters long.`];
  const unknown = new Set<string>();
  const unsafe = new Set<string>();
  const text = template.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    if (!Object.hasOwn(FILE_NAME_PLACEHOLDERS, name)) unknown.add(`{${name}}`);
    return '';
  });
  for (const c of text) if (!isFileNameCharacter(c)) unsafe.add(JSON.stringify(c));
  if (unknown.size > 0)
    problems.push(
      `${path} names unknown placeholders ${[...unknown].join(', ')}; known: ${Object.keys(
        FILE_NAME_PLACEHOLDERS,
      )
        .map((p) => `{${p}}`)
        .join(', ')}.`,
    );
  if (unsafe.size > 0)
    problems.push(
      `${path} has characters that are unsafe in a ZIP entry: ${[...unsafe].join(' ')} (${FILE_NAME_CHARACTERS} are allowed).`,
    );
  if (/^[. ]|[. ]$/.test(template))
    problems.push(`${path} must not begin or end with a dot or a space.`);
  if (!template.includes('{location}'))
    problems.push(`${path} must include {location}: each location's files need their own names.`);
  return problems;
}

/** A colour space and a profile given together must agree (CMYK profiles for `cmyk`). */
export function colourProblems(
  given: { colorSpace?: ColorSpace; iccProfile?: PrintProfileName },
  path = '',
): string[] {
  if (given.colorSpace && given.iccProfile && colorSpaceOf(given.iccProfile) !== given.colorSpace)
    return [
      `${path}iccProfile ${given.iccProfile} is ${colorSpaceOf(given.iccProfile) === 'rgb' ? 'an RGB' : 'a CMYK'} profile, not ${given.colorSpace.toUpperCase()} (${PRINT_PROFILE_NAMES.filter((p) => colorSpaceOf(p) === given.colorSpace).join(', ')}).`,
    ];
  return [];
}

/** `over` applied on `base`, with the colour space and profile kept consistent. */
export function mergePrintSettings(
  base: PrintSettings,
  over: LocationPrintSettings,
): PrintSettings {
  const merged: PrintSettings = { ...base, ...definedOnly(over) };
  if (over.iccProfile && !over.colorSpace) merged.colorSpace = colorSpaceOf(over.iccProfile);
  else if (over.colorSpace && !over.iccProfile)
    merged.iccProfile =
      colorSpaceOf(base.iccProfile) === over.colorSpace
        ? base.iccProfile
        : DEFAULT_PROFILE[over.colorSpace];
  return merged;
}

/** The settings of one location: the client's, with the location's overrides. */
export function locationPrintSettings(
  client: PrintSettings,
  location: { print?: LocationPrintSettings },
): PrintSettings {
  return location.print ? mergePrintSettings(client, location.print) : client;
}

/** The settings in a fixed key order (for keys and storage). */
export function normalised(s: PrintSettings): PrintSettings {
  return {
    pdfStandard: s.pdfStandard,
    colorSpace: s.colorSpace,
    iccProfile: s.iccProfile,
    bleedMm: s.bleedMm,
    minimumDpi: s.minimumDpi,
    fileNameTemplate: s.fileNameTemplate,
  };
}

/**
 * What a product's print files are made with: the client's settings and the overrides of the
 * product's locations that have any. Stored with each set of print files; its key is part of the
 * set's identity, so files are made again once the settings change.
 */
export interface PrintSettingsSnapshot {
  client: PrintSettings;
  locations: Record<string, LocationPrintSettings>;
}

export function printSettingsSnapshot(
  client: PrintSettings,
  locations: readonly { handle: string; print?: LocationPrintSettings }[],
): PrintSettingsSnapshot {
  const overrides: Record<string, LocationPrintSettings> = {};
  for (const l of [...locations].sort((a, b) => a.handle.localeCompare(b.handle)))
    if (l.print && Object.keys(definedOnly(l.print)).length > 0)
      overrides[l.handle] = sortedKeys(definedOnly(l.print));
  return { client: normalised(client), locations: overrides };
}

/** A short, stable key of a snapshot (hex SHA-256 of its JSON in a fixed key order). */
export function printSettingsKey(snapshot: PrintSettingsSnapshot): string {
  return createHash('sha256')
    .update(JSON.stringify({ client: normalised(snapshot.client), locations: snapshot.locations }))
    .digest('hex');
}

/** A client's settings from the ones it stored (the defaults when it has written none). */
export function clientPrintSettings(stored: Partial<PrintSettings> | undefined): PrintSettings {
  return stored ? normalised({ ...DEFAULT_PRINT_SETTINGS, ...stored }) : DEFAULT_PRINT_SETTINGS;
}

/** What a product's print files are made with under the client's settings, and its key. */
export function keyedPrintSettings(
  client: PrintSettings,
  locations: readonly { handle: string; print?: LocationPrintSettings }[],
): { key: string; snapshot: PrintSettingsSnapshot } {
  const snapshot = printSettingsSnapshot(client, locations);
  return { key: printSettingsKey(snapshot), snapshot };
}

/** Each location's bleed under a snapshot (for the print-cost checks). */
export function bleedOf(snapshot: PrintSettingsSnapshot): (location: { handle: string }) => number {
  return (location) =>
    locationPrintSettings(snapshot.client, { print: snapshot.locations[location.handle] }).bleedMm;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function sortedKeys<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b))) as T;
}
