import { Broadcast } from '../redis/broadcast';
import { UnitOfWork } from '../persistence/unit-of-work';
import { ChangeNotices, ChangedKind, libraryId } from './change-notices';

/** Notices over an in-memory broadcast; `effects` holds what waits for a commit. */
function setup() {
  const channels = new Map<string, (message: string) => void>();
  const published: string[] = [];
  const broadcast = {
    subscribe: (channel: string, onMessage: (m: string) => void) => {
      channels.set(channel, onMessage);
      return true;
    },
    publish: (channel: string, message: string) => {
      published.push(`${channel} ${message}`);
      return Promise.resolve();
    },
  } as unknown as Broadcast;
  const effects: (() => void)[] = [];
  const uow = { afterCommitOrNow: (e: () => void) => effects.push(e) } as unknown as UnitOfWork;
  const notices = new ChangeNotices(broadcast, uow);
  notices.onModuleInit();
  const heard: [ChangedKind, string][] = [];
  notices.listen((kind, id) => heard.push([kind, id]));
  return { notices, channels, published, effects, heard };
}

describe('ChangeNotices', () => {
  it('tells listeners and other instances only once the change is committed', () => {
    const { notices, published, effects, heard } = setup();
    notices.changed('product', 'p1');
    expect(heard).toEqual([]);
    expect(published).toEqual([]);
    effects.forEach((e) => e());
    expect(heard).toEqual([['product', 'p1']]);
    expect(published).toEqual(['pci:changed product:p1']);
  });

  it('reads ids with colons of their own from other instances', () => {
    const { channels, heard } = setup();
    const id = libraryId('c1', ' ORG:EAST:2 ');
    expect(id).toBe('c1:ORG:EAST:2');
    channels.get('pci:changed')!(`library:${id}`);
    expect(heard).toEqual([['library', 'c1:ORG:EAST:2']]);
  });
});
