import request from 'supertest';
import { TestApp } from '../setup/test-app';
import { testImage } from '../support/images';
import { TestClient } from './clients';

/** Uploads a small PNG (or `bytes`) as the client and returns its uploaded-asset id. */
export async function uploadImage(
  t: TestApp,
  client: TestClient,
  bytes?: Buffer,
  name = 'art.png',
): Promise<number> {
  const res = await request(t.http)
    .post('/api/assets/uploaded')
    .set('SERVICE_API_TOKEN', client.token)
    .attach('file', bytes ?? (await testImage('png', { width: 100, height: 120 })), name);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
  return (res.body as { data: { id: number } }).data.id;
}

/** A T-shirt product body: colour and size, front and back, one view with a fill, a shading and a design layer. */
export function teeProduct(images: { mask: number; shading: number }, handle = 'tee') {
  return {
    handle,
    name: 'Tee',
    options: [
      {
        handle: 'colour',
        values: [
          { value: 'white', hex: '#FFFFFF' },
          { value: 'black', name: 'Black', hex: '#111111' },
        ],
      },
      { handle: 'size', values: [{ value: 'S' }, { value: 'M' }] },
    ],
    skus: [
      { sku: 'TEE-WHT-S', options: { colour: 'white', size: 'S' }, unitPrice: 10 },
      { sku: 'TEE-BLK-M', options: { colour: 'black', size: 'M' }, unitPrice: 12.5 },
    ],
    locations: [
      { handle: 'front', printArea: { widthMm: 300, heightMm: 400 } },
      {
        handle: 'back',
        printArea: { widthMm: 300, heightMm: 400 },
        dpi: 150,
        embellishment: 'embroidery',
      },
    ],
    viewAngles: [
      {
        handle: 'north',
        width: 100,
        height: 120,
        layers: [
          { type: 'fill', maskImageId: images.mask, option: 'colour' },
          { type: 'image', imageId: images.shading, blend: 'multiply' },
          { type: 'design', location: 'front', x: 30, y: 30, width: 40, height: 53.3 },
        ],
        cameras: [
          {
            handle: 'closeup',
            x: 20,
            y: 20,
            width: 60,
            height: 80,
            outputWidth: 600,
            outputHeight: 800,
          },
        ],
      },
    ],
    renderStates: [{ handle: 'background', values: ['white', 'transparent'], default: 'white' }],
    renderStatePresets: [{ handle: 'print-output', states: { background: 'transparent' } }],
  };
}
