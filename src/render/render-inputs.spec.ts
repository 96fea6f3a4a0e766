import { testProduct } from '../../test/support/render-product';
import { ErrorKind } from '../common/errors/domain-error';
import { MAX_RENDER_SIDE, resolveOutputSize, resolveRenderInputs } from './render-inputs';

const OPTIONS = { colour: 'lime', size: 'S' };

const resolve = (
  request: Parameters<typeof resolveRenderInputs>[2],
  options: Record<string, string> = OPTIONS,
) => resolveRenderInputs(testProduct(), options, request);

const imageIds = (inputs: ReturnType<typeof resolve>) =>
  inputs.layers.map((l) => (l.type === 'image' ? l.imageId : l.type));

describe('resolveRenderInputs', () => {
  it('draws the whole view at its own size with the default states and no camera', () => {
    const inputs = resolve({ viewAngle: 'Front' });
    expect(inputs.view.handle).toBe('Front');
    expect(inputs.states).toEqual({ lid: 'closed', background: 'grey' });
    expect(imageIds(inputs)).toEqual(['backdrop', 'fill', 'design']);
    expect(inputs.camera).toBeNull();
    expect(inputs.crop).toBeNull();
    expect(inputs.outputSize).toEqual({ width: 100, height: 80 });
  });

  it('finds the view angle and the camera in any case and takes the camera crop and size', () => {
    const inputs = resolve({ viewAngle: 'FRONT', camera: 'zoom' });
    expect(inputs.view.handle).toBe('Front');
    expect(inputs.camera).toBe('Zoom');
    expect(inputs.crop).toEqual({ x: 20, y: 20, width: 50, height: 40 });
    expect(inputs.outputSize).toEqual({ width: 100, height: 80 });
  });

  it('gives fill layers the colour of the chosen option value, lower-case', () => {
    const fill = resolve({ viewAngle: 'front' }).layers.find((l) => l.type === 'fill');
    expect(fill).toMatchObject({ maskImageId: 'body', hex: '#00ff00' });
    const black = resolve({ viewAngle: 'front' }, { COLOUR: 'black' }).layers[1];
    expect(black).toMatchObject({ hex: '#000000' });
  });

  it('applies the preset over the defaults, then the overrides in order (names any case)', () => {
    expect(resolve({ viewAngle: 'front', renderStateHandle: 'CUTOUT' }).states).toEqual({
      lid: 'open',
      background: 'none',
    });
    const inputs = resolve({
      viewAngle: 'front',
      renderStateHandle: 'cutout',
      states: [
        ['LID', 'closed'],
        ['Background', 'grey'],
        ['lid', 'open'],
      ],
    });
    expect(inputs.states).toEqual({ lid: 'open', background: 'grey' });
    expect(imageIds(inputs)).toEqual(['backdrop', 'fill', 'design', 'lid']);
  });

  it('draws only the layers whose conditions hold', () => {
    const inputs = resolve({ viewAngle: 'front', states: [['background', 'none']] });
    expect(imageIds(inputs)).toEqual(['fill', 'design']);
  });

  it.each([
    [
      { viewAngle: 'back' },
      'UNKNOWN_VIEW_ANGLE',
      ErrorKind.NotFound,
      'Product tiny has no view angle back (its view angles: Front).',
    ],
    [
      { viewAngle: 'front', renderStateHandle: 'print' },
      'UNKNOWN_RENDER_STATE_HANDLE',
      ErrorKind.BadRequest,
      'Product tiny has no render state preset print (its presets: cutout).',
    ],
    [
      { viewAngle: 'front', states: [['cap', 'on']] as const },
      'UNKNOWN_RENDER_STATE',
      ErrorKind.BadRequest,
      'Product tiny has no render state cap (its render states: lid, background).',
    ],
    [
      { viewAngle: 'front', states: [['Lid', 'ajar']] as const },
      'INVALID_RENDER_STATE_VALUE',
      ErrorKind.BadRequest,
      'Render state lid has no value ajar (allowed: open, closed).',
    ],
    [
      { viewAngle: 'front', states: [['lid', 'OPEN']] as const },
      'INVALID_RENDER_STATE_VALUE',
      ErrorKind.BadRequest,
      'Render state lid has no value OPEN (allowed: open, closed).',
    ],
    [
      { viewAngle: 'front', camera: 'closeup' },
      'UNKNOWN_CAMERA',
      ErrorKind.BadRequest,
      'View angle Front has no camera closeup (its cameras: Zoom).',
    ],
  ])('refuses %j with a clear message', (request, code, kind, message) => {
    expect(() => resolve(request)).toThrow(expect.objectContaining({ code, kind, message }));
  });

  it('names an empty list as none', () => {
    const product = { ...testProduct(), renderStatePresets: [] };
    expect(() =>
      resolveRenderInputs(product, OPTIONS, { viewAngle: 'front', renderStateHandle: 'x' }),
    ).toThrow('Product tiny has no render state preset x (its presets: none).');
  });

  it('refuses a fill whose option has no colour for the chosen value (the product changed)', () => {
    expect(() => resolve({ viewAngle: 'front' }, { colour: 'purple' })).toThrow(
      expect.objectContaining({
        code: 'MISSING_OPTION_COLOUR',
        kind: ErrorKind.Conflict,
        message: "Option colour of product tiny has no colour for the recipe set's value purple.",
      }),
    );
    expect(() => resolve({ viewAngle: 'front' }, {})).toThrow(
      'The recipe set has no value for option colour, which product tiny colours its view with.',
    );
  });
});

describe('resolveOutputSize', () => {
  const base = { width: 100, height: 80 };

  it('keeps the default, takes both sides exactly, or one side with the aspect ratio', () => {
    expect(resolveOutputSize(base)).toEqual(base);
    expect(resolveOutputSize(base, { width: 30, height: 90 })).toEqual({ width: 30, height: 90 });
    expect(resolveOutputSize(base, { width: 50 })).toEqual({ width: 50, height: 40 });
    expect(resolveOutputSize(base, { height: 8 })).toEqual({ width: 10, height: 8 });
    expect(resolveOutputSize(base, { width: 1 })).toEqual({ width: 1, height: 1 });
  });

  it('refuses sides that are not whole numbers of at least 1, and sizes beyond the maximum', () => {
    expect(() => resolveOutputSize(base, { width: 0 })).toThrow(
      'the render width must be a whole number of at least 1; got 0.',
    );
    expect(() => resolveOutputSize(base, { height: 2.5 })).toThrow('the render height must be');
    expect(() => resolveOutputSize(base, { width: MAX_RENDER_SIDE + 1 })).toThrow(
      `the render size 4097 × 3278 is larger than the maximum of ${MAX_RENDER_SIDE} pixels per side.`,
    );
    expect(() => resolveOutputSize({ width: 5000, height: 10 })).toThrow('5000 × 10');
    expect(resolveOutputSize(base, { width: MAX_RENDER_SIDE, height: 1 })).toEqual({
      width: MAX_RENDER_SIDE,
      height: 1,
    });
  });
});
