import { pdfX4Problems } from '../test/support/pdfx-preflight';
import { unzip } from '../test/support/zip';
import { demoPrintFileSets } from './lib/demo-print-files';

/**
 * The project's own preflight (every rule of PDF/X-4 read from the file's objects) over every
 * print PDF of the demo products, RGB and CMYK, as a ZIP delivers them. scripts/preflight-print.sh
 * checks the same files independently with qpdf and poppler.
 */
describe('the demo print files', () => {
  it('pass the PDF/X-4 preflight in both colour spaces, with the manifest saying which', async () => {
    const sets = await demoPrintFileSets();
    let checked = 0;
    for (const { product, colorSpace, set } of sets) {
      const files = await unzip(set.zip);
      for (const location of set.manifest.locations) {
        const [pdf] = location.files;
        expect({ product, pdf: pdf.name, colorSpace: pdf.colorSpace }).toEqual({
          product,
          pdf: pdf.name,
          colorSpace,
        });
        const problems = await pdfX4Problems(files.get(pdf.name)!, colorSpace === 'cmyk' ? 4 : 3);
        expect({ product, pdf: pdf.name, problems }).toEqual({
          product,
          pdf: pdf.name,
          problems: [],
        });
        checked++;
      }
    }
    // Bottle wrap, tee front and back, in RGB and CMYK.
    expect(checked).toBe(6);
  }, 180_000); // six documents, some of 3,000 × 3,000 px, on a busy machine
});
