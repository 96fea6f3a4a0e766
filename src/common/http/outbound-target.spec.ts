import { OutboundTargets, Resolver, TargetRefused } from './outbound-target';

/** A resolver answering from a table; unknown names fail as getaddrinfo does. */
const table =
  (entries: Record<string, string[]>): Resolver =>
  (host) => {
    const addresses = entries[host];
    if (!addresses) return Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };

const resolver = table({
  'public.example': ['93.184.216.34', '2606:4700::1111'],
  'internal.example': ['127.0.0.1'],
  'mixed.example': ['93.184.216.34', '10.0.0.5'],
  'metadata.example': ['169.254.169.254'],
});
const production = new OutboundTargets({ allowPrivate: false }, resolver);
const development = new OutboundTargets({ allowPrivate: true }, resolver);

async function refusal(targets: OutboundTargets, url: string): Promise<string> {
  const error: unknown = await targets.resolve(url).catch((e: unknown) => e);
  if (!(error instanceof TargetRefused)) throw new Error(`${url} was not refused`);
  return error.reason;
}

describe('OutboundTargets.checkUrl', () => {
  it.each([
    ['http://public.example/hook', 'only https URLs are accepted'],
    ['ftp://public.example/hook', 'only https URLs are accepted'],
    ['https://user:pw@public.example/hook', 'the URL must not carry a user name or password'],
    ['https://user@public.example/hook', 'the URL must not carry a user name or password'],
    ['https://public.example/hook#part', 'the URL must not carry a fragment'],
    ['https://public.example/hook#', 'the URL must not carry a fragment'],
    ['/hook', '"/hook" is not an absolute URL'],
    [`https://public.example/${'a'.repeat(2048)}`, 'the URL is longer than 2048 characters'],
  ])('refuses %.60s', (url, reason) => {
    let error: unknown;
    try {
      production.checkUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TargetRefused);
    expect((error as TargetRefused).reason).toBe(reason);
  });

  it('returns the parsed URL without looking the host up', () => {
    const refusing = new OutboundTargets({ allowPrivate: false }, () => {
      throw new Error('must not resolve');
    });
    expect(refusing.checkUrl('https://public.example:8443/a?b=c').href).toBe(
      'https://public.example:8443/a?b=c',
    );
  });

  it('accepts plain http when private targets are allowed, but no other scheme', () => {
    expect(development.checkUrl('http://localhost:3000/hook').hostname).toBe('localhost');
    expect(() => development.checkUrl('file:///etc/passwd')).toThrow(TargetRefused);
  });
});

describe('OutboundTargets.resolve', () => {
  it.each([
    ['https://127.0.0.1/hook', 'the host 127.0.0.1 is a loopback address'],
    ['https://[::1]/hook', 'the host ::1 is a loopback address'],
    ['https://0x7f.1/hook', 'the host 127.0.0.1 is a loopback address'],
    ['https://10.1.2.3/hook', 'the host 10.1.2.3 is a private address'],
    ['https://172.16.0.1/hook', 'the host 172.16.0.1 is a private address'],
    ['https://192.168.1.1/hook', 'the host 192.168.1.1 is a private address'],
    ['https://[fd00::1]/hook', 'the host fd00::1 is a private address'],
    ['https://100.64.0.1/hook', 'the host 100.64.0.1 is a shared (carrier-grade NAT) address'],
    [
      'https://169.254.169.254/latest/meta-data',
      'the host 169.254.169.254 is a link-local or cloud metadata address',
    ],
    ['https://[fe80::1]/hook', 'the host fe80::1 is a link-local or cloud metadata address'],
    [
      'https://[::ffff:127.0.0.1]/hook',
      'the host ::ffff:7f00:1 is 127.0.0.1 in IPv6 form, a loopback address',
    ],
    [
      'https://[64:ff9b::10.0.0.1]/hook',
      'the host 64:ff9b::a00:1 is 10.0.0.1 in IPv6 form, a private address',
    ],
    ['https://0.0.0.0/hook', 'the host 0.0.0.0 is an unspecified ("this network") address'],
    ['https://[::]/hook', 'the host :: is an unspecified ("this network") address'],
    ['https://224.0.0.1/hook', 'the host 224.0.0.1 is a multicast address'],
    ['https://[ff02::1]/hook', 'the host ff02::1 is a multicast address'],
    ['https://255.255.255.255/hook', 'the host 255.255.255.255 is a broadcast address'],
    ['https://240.0.0.1/hook', 'the host 240.0.0.1 is a reserved address'],
    ['https://198.18.0.1/hook', 'the host 198.18.0.1 is a reserved address'],
    ['https://192.0.0.8/hook', 'the host 192.0.0.8 is a reserved address'],
  ])('refuses %s', async (url, reason) => {
    await expect(refusal(production, url)).resolves.toBe(reason);
  });

  it('refuses a name that resolves to a blocked address', async () => {
    await expect(refusal(production, 'https://internal.example/hook')).resolves.toBe(
      'the host internal.example resolves to 127.0.0.1, a loopback address',
    );
    await expect(refusal(production, 'https://metadata.example/')).resolves.toBe(
      'the host metadata.example resolves to 169.254.169.254, a link-local or cloud metadata address',
    );
  });

  it('looks names up with the system resolver by default', async () => {
    // localhost comes from /etc/hosts: no network needed.
    await expect(
      refusal(new OutboundTargets({ allowPrivate: false }), 'https://localhost/hook'),
    ).resolves.toMatch(/^the host localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
  });

  it('refuses a name when any one of its addresses is blocked', async () => {
    await expect(refusal(production, 'https://mixed.example/hook')).resolves.toBe(
      'the host mixed.example resolves to 10.0.0.5, a private address',
    );
  });

  it('refuses a name that does not resolve', async () => {
    await expect(refusal(production, 'https://nope.invalid/hook')).resolves.toBe(
      'the host nope.invalid does not resolve',
    );
    const empty = new OutboundTargets({ allowPrivate: false }, () => Promise.resolve([]));
    await expect(refusal(empty, 'https://public.example/')).resolves.toBe(
      'the host public.example does not resolve',
    );
  });

  it('refuses a name whose lookup takes longer than 5 s', async () => {
    jest.useFakeTimers();
    try {
      const hanging = new OutboundTargets({ allowPrivate: false }, () => new Promise(() => {}));
      const reason = refusal(hanging, 'https://slow.example/');
      await jest.advanceTimersByTimeAsync(5000);
      await expect(reason).resolves.toBe('the host slow.example did not resolve within 5000 ms');
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['https://93.184.216.34/hook', '93.184.216.34', 4],
    ['https://[2606:4700::1111]/hook', '2606:4700::1111', 6],
    ['https://public.example/hook', '93.184.216.34', 4],
  ])('accepts %s, to be reached at %s', async (url, address, family) => {
    const target = await production.resolve(url);
    expect(target).toEqual({ url: new URL(url), address, family });
  });

  it('accepts plain http and private addresses when private targets are allowed', async () => {
    await expect(development.resolve('http://127.0.0.1:3000/hook')).resolves.toMatchObject({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(development.resolve('http://[::1]:3000/hook')).resolves.toMatchObject({
      address: '::1',
      family: 6,
    });
    await expect(development.resolve('http://internal.example/hook')).resolves.toMatchObject({
      address: '127.0.0.1',
    });
  });
});
