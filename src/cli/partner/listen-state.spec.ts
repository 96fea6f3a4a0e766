import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  configDir,
  handledOne,
  ListenStateFile,
  pageDone,
  Position,
  stateFile,
  unhandled,
} from './listen-state';

const events = (...ids: string[]) => ids.map((id) => ({ id }));

describe('pci listen: its place in the log', () => {
  it('skips the events of the page already handled, and starts the next page afresh', () => {
    let position: Position = { after: 'ec_a', handled: [] };
    expect(unhandled(events('e1', 'e2', 'e3'), position)).toEqual(events('e1', 'e2', 'e3'));
    position = handledOne(handledOne(position, 'e1'), 'e2');
    expect(position).toEqual({ after: 'ec_a', handled: ['e1', 'e2'] });
    // Asked again from the same cursor (a restart), the page may have grown: only the rest.
    expect(unhandled(events('e1', 'e2', 'e3', 'e4'), position)).toEqual(events('e3', 'e4'));
    expect(pageDone('ec_b')).toEqual({ after: 'ec_b', handled: [] });
  });

  it('lives in $XDG_CONFIG_HOME/pci, else ~/.config/pci, one file per API and client', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/conf', HOME: '/home/p' })).toBe('/x/conf/pci');
    expect(configDir({ HOME: '/home/p' })).toBe('/home/p/.config/pci');
    // A relative XDG_CONFIG_HOME is ignored, as the XDG specification says.
    expect(configDir({ XDG_CONFIG_HOME: 'conf', HOME: '/home/p' })).toBe('/home/p/.config/pci');
    const a = stateFile('/d', 'http://localhost:3000', 'acme');
    expect(a).toMatch(/^\/d\/listen-acme-[0-9a-f]{16}\.json$/);
    expect(stateFile('/d', 'https://api.example.com', 'acme')).not.toBe(a);
    expect(stateFile('/d', 'http://localhost:3000', 'other')).not.toBe(a);
    expect(stateFile('/d', 'http://localhost:3000', '../x')).toMatch(/^\/d\/listen-___x-/);
  });

  describe('on disk', () => {
    let dir: string;
    beforeEach(() => (dir = join(mkdtempSync(join(tmpdir(), 'pci-state-')), 'pci')));
    afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

    it('keeps the secret and the place, readable by its owner only', () => {
      const file = new ListenStateFile(dir, 'http://localhost:3000', 'acme');
      const fresh = file.load();
      expect(fresh.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(fresh.position).toBeNull();
      // Saved at once: a second run starting meanwhile (--print-secret) gets the same secret.
      expect(new ListenStateFile(dir, 'http://localhost:3000', 'acme').load()).toEqual(fresh);
      file.save({ ...fresh, position: { after: 'ec_x', handled: ['evt_1'] } });
      expect(statSync(file.path).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const again = new ListenStateFile(dir, 'http://localhost:3000', 'acme').load();
      expect(again).toEqual({ ...fresh, position: { after: 'ec_x', handled: ['evt_1'] } });
      // Another API: another secret.
      expect(new ListenStateFile(dir, 'http://127.0.0.1:3000', 'acme').load().secret).not.toBe(
        fresh.secret,
      );
    });

    it('refuses a file that is not its state rather than overwrite a secret', () => {
      const file = new ListenStateFile(dir, 'http://localhost:3000', 'acme');
      file.load();
      writeFileSync(file.path, '{"secret": 1}');
      expect(() => file.load()).toThrow(
        `${file.path} is not a saved state of pci listen for acme at http://localhost:3000: move it away to start afresh (with a new secret).`,
      );
      expect(readFileSync(file.path, 'utf8')).toBe('{"secret": 1}');
    });
  });
});
