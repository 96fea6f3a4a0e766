import jsQR from 'jsqr';
import sharp from 'sharp';
import { qrCodePath } from './qr-code';

describe('qrCodePath', () => {
  it('draws a QR code that reads back as the text', async () => {
    const text = 'http://localhost:3000/api/webtoprint/K7PQ4MZT';
    const { d, size } = qrCodePath(text);
    const scale = 8;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size * scale}" height="${size * scale}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(read?.data).toBe(text);
  });
});
