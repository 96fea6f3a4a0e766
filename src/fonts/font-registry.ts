/**
 * The fonts the service bundles (docs/design.md §7): text in designs is drawn from these files
 * only, never from fonts of the host, so renders and print files are identical on every machine.
 * Each file comes from an npm package of Google Fonts' families (`@expo-google-fonts/*`); the fonts
 * are under the SIL Open Font License 1.1 (see each package's LICENSE_FONT), which allows bundling
 * them with software and embedding their outlines in output.
 *
 * Handles are stable, lower-case ids that designs store: never rename or remove one that shipped.
 */

export type FontStyle = 'normal' | 'italic';

export interface BundledFont {
  /** Stable id stored in designs (`roboto-bold`). */
  handle: string;
  family: string;
  /** CSS weight: 400 regular, 700 bold. */
  weight: number;
  style: FontStyle;
  /** SPDX identifier of the font's license. */
  license: string;
  /** Module path of the TTF file, resolved with `require.resolve` (the packages have no `exports`). */
  file: string;
}

const OFL = 'OFL-1.1';

const face = (
  handle: string,
  family: string,
  weight: number,
  style: FontStyle,
  file: string,
): BundledFont => ({
  handle,
  family,
  weight,
  style,
  license: OFL,
  file: `@expo-google-fonts/${file}`,
});

/** Sorted by handle. */
export const BUNDLED_FONTS: readonly BundledFont[] = [
  face('lobster', 'Lobster', 400, 'normal', 'lobster/400Regular/Lobster_400Regular.ttf'),
  face('open-sans', 'Open Sans', 400, 'normal', 'open-sans/400Regular/OpenSans_400Regular.ttf'),
  face('open-sans-bold', 'Open Sans', 700, 'normal', 'open-sans/700Bold/OpenSans_700Bold.ttf'),
  face('oswald', 'Oswald', 400, 'normal', 'oswald/400Regular/Oswald_400Regular.ttf'),
  face('pacifico', 'Pacifico', 400, 'normal', 'pacifico/400Regular/Pacifico_400Regular.ttf'),
  face(
    'playfair-display',
    'Playfair Display',
    400,
    'normal',
    'playfair-display/400Regular/PlayfairDisplay_400Regular.ttf',
  ),
  face(
    'playfair-display-bold',
    'Playfair Display',
    700,
    'normal',
    'playfair-display/700Bold/PlayfairDisplay_700Bold.ttf',
  ),
  face('roboto', 'Roboto', 400, 'normal', 'roboto/400Regular/Roboto_400Regular.ttf'),
  face('roboto-bold', 'Roboto', 700, 'normal', 'roboto/700Bold/Roboto_700Bold.ttf'),
  face(
    'roboto-italic',
    'Roboto',
    400,
    'italic',
    'roboto/400Regular_Italic/Roboto_400Regular_Italic.ttf',
  ),
];
