import { AssetsService } from '../../assets';
import { CatalogService } from '../catalog.service';
import { DemoCatalogInstaller } from './demo-installer';
import { demoCatalog } from './demo-products';

jest.mock('./demo-products', () => ({
  ...jest.requireActual<object>('./demo-products'),
  demoCatalog: jest.fn(),
}));

/** Drawing the demo images costs seconds of CPU (a CLI process pays it on every call). */
describe('DemoCatalogInstaller', () => {
  const installer = (installed: boolean) =>
    new DemoCatalogInstaller(
      {
        find: () => Promise.resolve(installed ? { handle: 'x' } : undefined),
      } as unknown as CatalogService,
      {} as AssetsService,
    );

  afterEach(() => jest.mocked(demoCatalog).mockClear());

  it('draws nothing when every demo product is installed already', async () => {
    await expect(installer(true).install('client-1')).resolves.toEqual({
      installed: [],
      unchanged: ['demo-tee', 'demo-bottle'],
    });
    expect(demoCatalog).not.toHaveBeenCalled();
  });

  it('draws nothing for a handle that is no demo product', async () => {
    await expect(installer(false).install('client-1', 'mug')).resolves.toEqual({
      installed: [],
      unchanged: [],
    });
    expect(demoCatalog).not.toHaveBeenCalled();
  });
});
