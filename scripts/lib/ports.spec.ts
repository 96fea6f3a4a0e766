import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './ports';

const [ephemeral] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
  .trim()
  .split(/\s+/)
  .map(Number);

describe('freePort', () => {
  it('draws a port below the ephemeral range that a server can then bind', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(ephemeral);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('skips a port something listens on', async () => {
    const takenPort = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(takenPort, '127.0.0.1', resolve));
    const random = jest.spyOn(Math, 'random');
    // The first draw lands on the taken port, the next elsewhere.
    random.mockReturnValueOnce((takenPort - 20_000 + 0.5) / (ephemeral - 20_000));
    try {
      expect(await freePort()).not.toBe(takenPort);
    } finally {
      random.mockRestore();
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
