import { demoCatalog } from '../catalog';
import { UNWEIGHED_IMAGE_BYTES } from '../common/scheduling/memory-budget';
import { resolveRenderInputs } from './render-inputs';
import { RENDER_BYTES_PER_PIXEL, renderBytes, STRIP_PIXELS } from './renderer';

const MB = 1024 * 1024;

describe('renderBytes (a render’s weight in IMAGE_MEMORY_BUDGET_MB)', () => {
  it('weighs a small render by its window, a large one by its canvas and one strip', async () => {
    const { products } = await demoCatalog();
    const tee = products.find((p) => p.handle === 'demo-tee')!;
    const inputs = resolveRenderInputs(tee, { colour: 'white', size: 'S' }, { viewAngle: 'north' });
    const { width, height } = inputs.outputSize;
    expect(renderBytes(inputs)).toBe(width * height * RENDER_BYTES_PER_PIXEL);
    expect(renderBytes(inputs)).toBeLessThan(UNWEIGHED_IMAGE_BYTES);
    // The largest render of the tee (4096 px high), as `?width=4096` draws it before resizing:
    // its canvas and PNG encoder (6 bytes a pixel) and one strip's work, ~140 MiB.
    const pixels = Math.round((4096 * width) / height) * 4096;
    const large = renderBytes(inputs, { height: 4096 });
    expect(large).toBe(pixels * 6 + STRIP_PIXELS * RENDER_BYTES_PER_PIXEL);
    expect(large / MB).toBeGreaterThan(100);
    expect(large / MB).toBeLessThan(160);
    // Drawn in one strip, it would weigh its whole window.
    expect(renderBytes(inputs, { height: 4096, stripPixels: Infinity })).toBe(
      pixels * (6 + RENDER_BYTES_PER_PIXEL),
    );
  });

  it('weighs a camera’s crop at the output’s scale, not the whole view', async () => {
    const { products } = await demoCatalog();
    const tee = products.find((p) => p.handle === 'demo-tee')!;
    const whole = resolveRenderInputs(tee, { colour: 'white' }, { viewAngle: 'north' });
    const closeup = {
      ...whole,
      crop: { x: 0, y: 0, width: whole.view.width / 2, height: whole.view.height / 2 },
      outputSize: { width: 500, height: 600 },
    };
    // Half the view drawn at 500 × 600 is the whole view drawn at 1000 × 1200 cropped: 500 × 600.
    expect(renderBytes(closeup)).toBe(500 * 600 * RENDER_BYTES_PER_PIXEL);
  });
});
