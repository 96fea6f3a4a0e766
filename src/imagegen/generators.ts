import {
  MonogramImageRequestDto,
  PatternImageRequestDto,
  QrImageRequestDto,
  TextImageRequestDto,
} from './dto/generators.dto';

/** The generators by the name in the path, each with the DTO its body must satisfy. */
export const GENERATORS = {
  text: TextImageRequestDto,
  monogram: MonogramImageRequestDto,
  pattern: PatternImageRequestDto,
  qr: QrImageRequestDto,
} as const;

export type GeneratorName = keyof typeof GENERATORS;
export const GENERATOR_NAMES = Object.keys(GENERATORS) as GeneratorName[];

/** A validated body, tagged with its generator. */
export type GeneratorRequest =
  | { generator: 'text'; body: TextImageRequestDto }
  | { generator: 'monogram'; body: MonogramImageRequestDto }
  | { generator: 'pattern'; body: PatternImageRequestDto }
  | { generator: 'qr'; body: QrImageRequestDto };

/** Output formats of a 200 answer. */
export const IMAGE_FORMATS = { png: 'image/png', svg: 'image/svg+xml' } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** The generator a path names, in any case; undefined when none. */
export function generatorNamed(name: string): GeneratorName | undefined {
  const wanted = name.trim().toLowerCase();
  return GENERATOR_NAMES.find((g) => g === wanted);
}
