import { renderLogEntryPage } from './log-entry.page';

describe('renderLogEntryPage', () => {
  const entry = {
    id: '3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11',
    createdAt: '2026-03-30T12:00:00.000Z',
    status: 404,
    method: 'POST',
    route: '/api/order/acknowledgement',
    code: 'RECIPE_SET_NOT_FOUND',
    message: 'Recipe set <ZZZZ9999> was not found & "logged".',
    requestId: 'req-1',
  };

  it('is a whole page in English with the shared head, titled by the entry', () => {
    const html = renderLogEntryPage(entry);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">/);
    expect(html).toContain(`<title>Log entry ${entry.id}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<h1>Log entry</h1>');
  });

  it('lists every field in a table, escaped', () => {
    const html = renderLogEntryPage(entry);
    expect(html).toContain('<tr><th>Request</th><td>POST /api/order/acknowledgement</td></tr>');
    expect(html).toContain('<tr><th>Status</th><td>404</td></tr>');
    expect(html).toContain(
      '<tr><th>Message</th><td>Recipe set &lt;ZZZZ9999&gt; was not found &amp; &quot;logged&quot;.</td></tr>',
    );
    expect(html).toContain('<tr><th>Request id</th><td>req-1</td></tr>');
  });
});
