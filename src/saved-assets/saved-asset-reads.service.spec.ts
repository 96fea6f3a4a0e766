import { Actor } from '../common/auth/actor';
import { Role } from '../common/auth/role';
import { ListTotals } from './saved-asset-list.repository';
import { SavedAssetReadsService } from './saved-asset-reads.service';

const actor: Actor = {
  clientId: 'c1',
  clientHandle: 'acme',
  role: Role.User,
  tokenId: 't1',
  sandbox: false,
};

/** The service over an empty library whose count waits until `release` is called. */
function setUp() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const totals = jest.fn(async (): Promise<ListTotals> => {
    await gate;
    return { total: 0, lastModified: null };
  });
  const cache = { generation: 0, get: jest.fn(() => undefined), set: jest.fn() };
  const service = new SavedAssetReadsService(
    { totals, page: jest.fn() } as never,
    {} as never,
    {} as never,
    {} as never,
    cache as never,
    { savedAssetListMax: 10, listMaxResponseBytes: 1_000_000 } as never,
  );
  const list = (org = 'ORG') => service.listOrganization(actor, 'acme', org, {});
  return { totals, cache, list, release };
}

describe('SavedAssetReadsService.listOrganization', () => {
  it('builds a list asked for again while it is built once: both callers get that answer', async () => {
    const { totals, list, release } = setUp();
    const first = list();
    const second = list();
    const other = list('OTHER');
    release();
    const [a, b] = await Promise.all([first, second, other]);
    expect(a).toBe(b);
    expect(totals).toHaveBeenCalledTimes(2); // ORG once, OTHER once
    // Once built, a new request builds again (here the cache never keeps it).
    await list();
    expect(totals).toHaveBeenCalledTimes(3);
  });

  it('does not join a build that began before a library changed', async () => {
    const { totals, cache, list, release } = setUp();
    const before = list();
    await new Promise((resolve) => setImmediate(resolve)); // its build is under way
    cache.generation = 1; // a change dropped pages
    const after = list();
    release();
    const [a, b] = await Promise.all([before, after]);
    expect(a).not.toBe(b);
    expect(totals).toHaveBeenCalledTimes(2);
  });
});
