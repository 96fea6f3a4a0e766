import { pathForLog } from './capability-paths';

describe('pathForLog', () => {
  it('replaces the capability in invitation, share and blob paths', () => {
    expect(pathForLog('/invitation/abc_DEF-123')).toBe('/invitation/[token]');
    expect(pathForLog('/share/abc_DEF-123/image')).toBe('/share/[token]/image');
    expect(pathForLog(`/cdn/renders/ab/${'ab'.padEnd(64, '0')}.png`)).toBe('/cdn/renders/[key]');
    expect(pathForLog('/CDN/uploads/x/y.png')).toBe('/CDN/uploads/[key]');
  });

  it('leaves other paths alone', () => {
    expect(pathForLog('/api/recipesets/ABCD2345')).toBe('/api/recipesets/ABCD2345');
    expect(pathForLog('/cdn')).toBe('/cdn');
    expect(pathForLog('/api/cdn/renders/x')).toBe('/api/cdn/renders/x');
  });
});
