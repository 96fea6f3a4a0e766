import type { ParameterObject } from '@nestjs/swagger';
import { PathForm } from '../common/openapi/path-forms';

const SIZE = { type: 'integer', minimum: 1, maximum: 4096 } as const;

/** The path-segment parameters (path-forms.ts parses them), in their documented order. */
const SEGMENTS: { key: string; parameter: ParameterObject; replaces: string[] }[] = [
  {
    key: 'state',
    parameter: {
      name: 'renderStateHandle',
      in: 'path',
      required: true,
      description: 'A preset of state values (as the renderStateHandle query parameter).',
      schema: { type: 'string' },
    },
    replaces: ['renderStateHandle'],
  },
  {
    key: 'camera',
    parameter: {
      name: 'camera',
      in: 'path',
      required: true,
      description: 'A camera of the view: its crop and size.',
      schema: { type: 'string' },
    },
    replaces: ['camera'],
  },
  {
    key: 'width',
    parameter: { name: 'width', in: 'path', required: true, schema: SIZE },
    replaces: ['width', 'w'],
  },
  {
    key: 'height',
    parameter: { name: 'height', in: 'path', required: true, schema: SIZE },
    replaces: ['height', 'h'],
  },
];

const capitalized = (s: string): string => s[0].toUpperCase() + s.slice(1);

/**
 * The render route's path-segment forms (`…/{viewAngleHandle}/state/{preset}/width/{w}`): every
 * non-empty subset of state, camera, width and height in this order, as operations of their own
 * (renderRecipeSetWidth, renderRecipeSetStateCameraWidthHeight, …). The server takes them in any
 * order and after `view/{viewAngleHandle}` too; these are the forms to generate clients from.
 */
export const RENDER_PATH_FORMS: PathForm[] = Array.from(
  { length: 2 ** SEGMENTS.length - 1 },
  (_, i) => SEGMENTS.filter((_, bit) => (i + 1) & (1 << bit)),
).map((chosen) => ({
  suffix: chosen.map((s) => `/${s.key}/{${s.parameter.name}}`).join(''),
  operationId: `renderRecipeSet${chosen.map((s) => capitalized(s.key)).join('')}`,
  summary: `Render a recipe set from a view angle (${chosen.map((s) => s.key).join(', ')} in the path)`,
  parameters: chosen.map((s) => s.parameter),
  replaces: chosen.flatMap((s) => s.replaces),
}));
