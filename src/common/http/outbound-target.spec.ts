import { LookupTimedOut } from './dns-resolver';
import { LookupBudgetExceeded, OutboundTargets, Resolver, TargetRefused } from './outbound-target';

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
const TRANSITION = 'an IPv6 transition (6to4, Teredo or local-use NAT64) address';
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
    // 6to4 of 10.0.0.1, Teredo, and the local-use NAT64 prefix of 127.0.0.1.
    ['https://[2002:a00:1::1]/hook', `the host 2002:a00:1::1 is ${TRANSITION}`],
    ['https://[2001:0:4136:e378::1]/hook', `the host 2001:0:4136:e378::1 is ${TRANSITION}`],
    ['https://[64:ff9b:1::7f00:1]/hook', `the host 64:ff9b:1::7f00:1 is ${TRANSITION}`],
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

  it('looks names up with the DNS resolver by default, localhost as /etc/hosts has it', async () => {
    // localhost answers loopback without asking a server: no network needed.
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
      await expect(reason).resolves.toBe('the host slow.example did not resolve within 5 s');
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a name whose servers time out (the resolver gave up first)', async () => {
    const timingOut = new OutboundTargets({ allowPrivate: false, lookupTimeoutMs: 2000 }, () =>
      Promise.reject(new LookupTimedOut('slow.example')),
    );
    await expect(refusal(timingOut, 'https://slow.example/')).resolves.toBe(
      'the host slow.example did not resolve within 2 s',
    );
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

describe('OutboundTargets ports', () => {
  const refusedPort = (targets: OutboundTargets, url: string) => {
    try {
      targets.checkUrl(url);
    } catch (e) {
      return (e as TargetRefused).reason;
    }
    return 'accepted';
  };

  it('accepts 443 and 8443 by default, and refuses any other port naming it', () => {
    expect(refusedPort(production, 'https://public.example/hook')).toBe('accepted');
    expect(refusedPort(production, 'https://public.example:443/hook')).toBe('accepted');
    expect(refusedPort(production, 'https://public.example:8443/hook')).toBe('accepted');
    expect(refusedPort(production, 'https://public.example:22/hook')).toBe(
      'the port 22 is not allowed (allowed: 443, 8443)',
    );
    expect(refusedPort(production, 'https://93.184.216.34:6379/')).toBe(
      'the port 6379 is not allowed (allowed: 443, 8443)',
    );
  });

  it('takes the configured list, with http counted as port 80', () => {
    const listed = new OutboundTargets({ allowPrivate: true, allowedPorts: [443, 9000] }, resolver);
    expect(refusedPort(listed, 'http://127.0.0.1:9000/')).toBe('accepted');
    expect(refusedPort(listed, 'http://127.0.0.1/')).toBe(
      'the port 80 is not allowed (allowed: 443, 9000)',
    );
  });

  it('accepts any port with private targets allowed (local receivers), or with null', () => {
    expect(refusedPort(development, 'http://127.0.0.1:41234/')).toBe('accepted');
    const any = new OutboundTargets({ allowPrivate: false, allowedPorts: null }, resolver);
    expect(refusedPort(any, 'https://public.example:22/')).toBe('accepted');
  });
});

describe('OutboundTargets lookups per client', () => {
  /** A resolver whose lookups end when the test says so. */
  function held() {
    const pending: (() => void)[] = [];
    const resolve: Resolver = () =>
      new Promise((done) => pending.push(() => done([{ address: '93.184.216.34', family: 4 }])));
    return { resolve, answerAll: () => pending.splice(0).forEach((f) => f()) };
  }
  const budgetRefusal = async (p: Promise<unknown>) => {
    const error: unknown = await p.catch((e: unknown) => e);
    if (!(error instanceof LookupBudgetExceeded)) throw new Error(`not refused: ${String(error)}`);
    return error.limit;
  };

  it("holds one client's slots until its lookups end, even after giving up; others go on", async () => {
    jest.useFakeTimers();
    try {
      const slow = held();
      const targets = new OutboundTargets(
        {
          allowPrivate: false,
          lookupTimeoutMs: 1000,
          lookupBudget: { concurrent: 2, perMinute: 100 },
        },
        (host) => (host.startsWith('slow') ? slow.resolve(host) : resolver(host)),
      );
      const given = [1, 2].map((n) =>
        targets.resolve(`https://slow${n}.example/`, 'a').catch((e: TargetRefused) => e.reason),
      );
      await jest.advanceTimersByTimeAsync(1000);
      await expect(Promise.all(given)).resolves.toEqual([
        'the host slow1.example did not resolve within 1 s',
        'the host slow2.example did not resolve within 1 s',
      ]);
      // The lookups still run: the client's third waits for none, it is refused at once.
      await expect(budgetRefusal(targets.resolve('https://public.example/', 'a'))).resolves.toBe(
        '2 DNS lookups of its webhook hosts under way, the most it may have at once (WEBHOOK_DNS_CONCURRENCY)',
      );
      await expect(targets.resolve('https://public.example/', 'b')).resolves.toMatchObject({
        address: '93.184.216.34',
      });
      slow.answerAll();
      await jest.advanceTimersByTimeAsync(0);
      await expect(targets.resolve('https://public.example/', 'a')).resolves.toMatchObject({
        address: '93.184.216.34',
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts lookups per client and minute; answers kept for their TTL cost none', async () => {
    let now = 0;
    let asked = 0;
    const targets = new OutboundTargets(
      { allowPrivate: false, lookupBudget: { concurrent: 5, perMinute: 2 }, now: () => now },
      (host) => {
        asked += 1;
        return Promise.resolve([
          host === 'kept.example'
            ? { address: '93.184.216.34', family: 4, ttl: 30 }
            : { address: '93.184.216.34', family: 4 },
        ]);
      },
    );
    await targets.resolve('https://kept.example/', 'a');
    await targets.resolve('https://kept.example/', 'a');
    await targets.resolve('https://kept.example/', 'b');
    expect(asked).toBe(1);
    await targets.resolve('https://fresh.example/', 'a');
    const limit = await budgetRefusal(targets.resolve('https://fresh.example/', 'a'));
    expect(limit).toContain('made 2 DNS lookups of its webhook hosts this minute');
    expect(limit).toContain('WEBHOOK_DNS_LOOKUPS_PER_MINUTE');
    await expect(targets.resolve('https://fresh.example/', 'b')).resolves.toBeDefined();
    now = 60_000;
    await expect(targets.resolve('https://fresh.example/', 'a')).resolves.toBeDefined();
    // Past its TTL the answer is asked for again.
    asked = 0;
    await targets.resolve('https://kept.example/', 'a');
    expect(asked).toBe(1);
  });

  it('asks once for a burst of lookups of one name, in the budget of the first', async () => {
    const slow = held();
    const targets = new OutboundTargets(
      { allowPrivate: false, lookupBudget: { concurrent: 1, perMinute: 100 } },
      slow.resolve,
    );
    const burst = Array.from({ length: 16 }, () => targets.resolve('https://one.example/', 'a'));
    await new Promise((resume) => setImmediate(resume));
    slow.answerAll();
    const answers = await Promise.all(burst);
    expect(answers.map((a) => a.address)).toEqual(new Array(16).fill('93.184.216.34'));
  });
});
