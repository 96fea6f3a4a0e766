import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../files/project-root';
import { OutputCondition, SRGB } from './pdfx';

/**
 * The output conditions print files can be made for, by the name clients choose them with: sRGB
 * (RGB files, the default) and two CMYK printing conditions whose profiles are bundled in
 * `assets/icc/` (built from free characterisation data by scripts/build-icc-profiles.sh).
 */
export const PRINT_PROFILE_NAMES = ['sRGB', 'FOGRA39', 'GRACoL2006'] as const;
export type PrintProfileName = (typeof PRINT_PROFILE_NAMES)[number];

/** The CMYK conditions: the profile file, and the names the ICC's registry gives the condition. */
const CMYK: Record<Exclude<PrintProfileName, 'sRGB'>, { identifier: string; info: string }> = {
  FOGRA39: {
    identifier: 'FOGRA39',
    info: 'Coated FOGRA39 (ISO 12647-2:2004 Amd 1, offset, coated paper)',
  },
  GRACoL2006: {
    identifier: 'CGATS TR 006',
    info: 'GRACoL 2006 Coated #1 (CGATS TR 006, offset, coated paper)',
  },
};

/** The colour space of the files made for a profile. */
export const colorSpaceOf = (name: PrintProfileName): 'rgb' | 'cmyk' =>
  name === 'sRGB' ? 'rgb' : 'cmyk';

const loaded = new Map<PrintProfileName, OutputCondition>();

/**
 * The output condition of a bundled profile (a CMYK one read from `assets/icc/` once and checked:
 * libvips would silently convert without a profile it cannot read).
 */
export function outputCondition(name: PrintProfileName): OutputCondition {
  if (name === 'sRGB') return SRGB;
  let condition = loaded.get(name);
  if (!condition) {
    const path = join(projectRoot(), 'assets', 'icc', `${name}.icc`);
    const profile = readFileSync(path);
    const tag = (at: number) => profile.subarray(at, at + 4).toString('latin1');
    if (
      profile.length < 128 ||
      profile.readUInt32BE(0) !== profile.length ||
      tag(36) !== 'acsp' ||
      tag(16) !== 'CMYK' ||
      tag(12) !== 'prtr'
    )
      throw new Error(`${path} is not a CMYK output ICC profile`);
    condition = { ...CMYK[name], profile, components: 4, path };
    loaded.set(name, condition);
  }
  return condition;
}
