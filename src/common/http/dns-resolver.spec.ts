import { createSocket, Socket } from 'node:dgram';
import { dnsResolver, LookupTimedOut } from './dns-resolver';

describe('dnsResolver', () => {
  let silent: Socket;
  let server: string;

  beforeAll(async () => {
    // A DNS server that takes every query and never answers.
    silent = createSocket('udp4');
    silent.on('message', () => undefined);
    await new Promise<void>((done) => silent.bind(0, '127.0.0.1', done));
    server = `127.0.0.1:${silent.address().port}`;
  });
  afterAll(() => new Promise<void>((done) => silent.close(() => done())));

  it('answers loopback for localhost and *.localhost without asking a server', async () => {
    const resolve = dnsResolver(300, 2, [server]);
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost', 'localhost.'])
      await expect(resolve(host)).resolves.toEqual([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
  });

  it('answers nothing for *.invalid without asking a server', async () => {
    await expect(dnsResolver(300, 2, [server])('no-such-host.invalid')).resolves.toEqual([]);
  });

  it('gives up on a server that never answers with LookupTimedOut, by itself', async () => {
    const error: unknown = await dnsResolver(300, 2, [server])('never.example').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LookupTimedOut);
    expect((error as LookupTimedOut).host).toBe('never.example');
  });
});
