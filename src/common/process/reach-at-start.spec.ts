import { redactedUrl } from './reach-at-start';

describe('reaching the services at start', () => {
  it('hides the password of a URL', () => {
    expect(redactedUrl('postgres://pci:s3cret@db:5432/pci')).toBe('postgres://pci:***@db:5432/pci');
    expect(redactedUrl('redis://redis:6379')).toBe('redis://redis:6379');
    expect(redactedUrl('not a url')).toBe('<invalid URL>');
  });
});
