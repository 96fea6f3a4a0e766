import { parseRenderPath } from './path-forms';
import { RenderPathInvalid } from './render.errors';

const fails = (segments: string[], message: string) =>
  expect(() => parseRenderPath(segments)).toThrow(new RenderPathInvalid(message));

describe('parseRenderPath', () => {
  it('reads {viewAngle}', () => {
    expect(parseRenderPath(['north'])).toEqual({ viewAngle: 'north' });
  });

  it('reads view/{viewAngle}, the keyword in any case', () => {
    expect(parseRenderPath(['view', 'basic-2'])).toEqual({ viewAngle: 'basic-2' });
    expect(parseRenderPath(['View', 'boho'])).toEqual({ viewAngle: 'boho' });
  });

  it('reads every path parameter of the form in use', () => {
    expect(
      parseRenderPath('north/state/ber-print-output/camera/Ortho/width/381/height/286'.split('/')),
    ).toEqual({
      viewAngle: 'north',
      renderStateHandle: 'ber-print-output',
      camera: 'Ortho',
      width: 381,
      height: 286,
    });
  });

  it('reads any subset in any order, keys in any case', () => {
    expect(parseRenderPath(['north', 'HEIGHT', '10', 'Camera', 'top'])).toEqual({
      viewAngle: 'north',
      height: 10,
      camera: 'top',
    });
    expect(parseRenderPath(['north', 'width', '200'])).toEqual({ viewAngle: 'north', width: 200 });
    expect(parseRenderPath(['north', 'state', 'p1'])).toEqual({
      viewAngle: 'north',
      renderStateHandle: 'p1',
    });
  });

  it('reads path parameters after view/{viewAngle}', () => {
    expect(parseRenderPath(['view', 'north', 'width', '50'])).toEqual({
      viewAngle: 'north',
      width: 50,
    });
  });

  it('tells a view angle called "view" from the view/{viewAngle} form by the segment count', () => {
    expect(parseRenderPath(['view'])).toEqual({ viewAngle: 'view' });
    expect(parseRenderPath(['view', 'width', '50'])).toEqual({ viewAngle: 'view', width: 50 });
    expect(parseRenderPath(['view', 'view'])).toEqual({ viewAngle: 'view' });
  });

  it('keeps values as decoded by Express', () => {
    expect(parseRenderPath(['north east', 'camera', 'Ortho 2'])).toEqual({
      viewAngle: 'north east',
      camera: 'Ortho 2',
    });
  });

  it('ignores a trailing slash', () => {
    expect(parseRenderPath(['north', 'width', '5', ''])).toEqual({ viewAngle: 'north', width: 5 });
  });

  it('refuses a key without a value', () => {
    fails(
      ['north', 'width', '200', 'height'],
      "The render URL segment 'height' after view angle 'north' has no value; path parameters come in pairs such as width/381.",
    );
  });

  it('refuses an unknown key', () => {
    fails(
      ['north', 'size', '200'],
      "The render URL segment 'size' is not a path parameter; use state, camera, width or height.",
    );
  });

  it('refuses a repeated key, whatever its case', () => {
    fails(['north', 'width', '1', 'Width', '2'], "The render URL gives 'Width' more than once.");
  });

  it.each(['abc', '0', '-5', '1.5', '2e3', ' 5'])('refuses the size %j', (size) => {
    fails(
      ['north', 'width', size],
      `The render URL segment width/'${size}' is not a size: it must be an integer of at least 1.`,
    );
  });

  it('throws a BadRequest domain error', () => {
    expect(() => parseRenderPath(['north', 'x', '1'])).toThrow(RenderPathInvalid);
    try {
      parseRenderPath(['north', 'x', '1']);
    } catch (error) {
      expect((error as RenderPathInvalid).kind).toBe('bad_request');
    }
    expect.assertions(2);
  });

  it('refuses an empty path and empty segments', () => {
    fails([], 'The render URL names no view angle.');
    fails([''], 'The render URL names no view angle.');
    fails(['', 'north'], 'The render URL has an empty segment at position 1.');
    fails(['north', 'width', '', 'x'], 'The render URL has an empty segment at position 3.');
  });
});
