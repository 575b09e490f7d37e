// Rich text is cleaned by the server when it is written (create and update): the answer and
// every later read carry the cleaned text, harmless formatting kept.

import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer();

/** Each attack, and a marker of it that must not survive. */
const ATTACKS: [name: string, html: string, forbidden: RegExp][] = [
  ['img onerror', '<p>a</p><img src=x onerror=alert(1)>', /onerror|<img/i],
  ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg><p>b</p>', /svg|onload/i],
  ['javascript: link', '<a href="javascript:alert(1)">c</a>', /javascript:/i],
  ['javascript: link with spaces and capitals', '<a href="  JaVaScRiPt:alert(1)">c</a>', /javascript:/i],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>d</p>', /iframe|srcdoc|script/i],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', /onerror|<img|noscript/i],
  ['math/style mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', /onerror|<img|math|style/i],
  ['style element', '<style>@import url(//evil.example/x.css)</style><p>e</p>', /style|evil/i],
  ['script element', '<p>f</p><script>alert(1)</script>', /script|alert/i],
  ['data: image', '<img src="data:image/svg+xml;base64,PHN2Zy8+">', /data:|<img/i],
  ['css url in style', '<p style="background-image: url(https://evil.example/t)">g</p>', /url\(|evil/i],
];

const KEPT =
  '<p style="text-align: center"><strong>Tebal</strong> <em>miring</em> <a href="https://sekolah.example/info" target="_blank" rel="noopener noreferrer nofollow">tautan</a></p>' +
  '<ul><li>satu</li><li>dua</li></ul><ol><li>tiga</li></ol>' +
  '<p>Baris satu<br>baris dua</p><hr>' +
  '<p><img src="https://sekolah.example/logo.png" alt="logo"><img src="/api/v1/files/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b" alt="foto"></p>';

/** The fields of a stored template that an edit sends back. */
function editable(record: Record<string, unknown>) {
  const { name, event, subject, body } = record;
  return { name, event, subject, body };
}

let counter = 0;
async function createTemplate(body: string, web = '<p>web</p>') {
  counter += 1;
  return server.call('POST', '/api/v1/announcement-template', {
    as: 'admin',
    body: { name: `Template ${counter}`, event: 'school_event', subject: 'Subjek', body, web_announcement: web },
  });
}

describe('rich text written through the API', () => {
  it.each(ATTACKS)('a create with %s stores and serves it cleaned', async (_name, html, forbidden) => {
    const answer = await createTemplate(html);
    expect(answer.status).toBe(201);
    expect(answer.json.data.body).not.toMatch(forbidden);
    const read = await server.call('GET', `/api/v1/announcement-template/${answer.json.data.id}`, { as: 'admin' });
    expect(read.json.data.body).toBe(answer.json.data.body);
    expect(read.json.data.body).not.toMatch(forbidden);
  });

  it.each(ATTACKS)('an update with %s stores and serves it cleaned', async (_name, html, forbidden) => {
    const made = await createTemplate('<p>bersih</p>');
    const { id, version } = made.json.data;
    const answer = await server.call('PUT', `/api/v1/announcement-template/${id}`, {
      as: 'admin',
      body: { ...editable(made.json.data), version, web_announcement: html },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data.web_announcement).not.toMatch(forbidden);
    const list = await server.call('GET', `/api/v1/announcement-template?ids=${id}`, { as: 'admin' });
    expect(list.json.data[0].web_announcement).toBe(answer.json.data.web_announcement);
  });

  it('keeps bold, lists, http(s) links and images from the web or our own files, as written', async () => {
    const created = await createTemplate(KEPT);
    expect(created.json.data.body).toBe(KEPT);
    const updated = await server.call('PUT', `/api/v1/announcement-template/${created.json.data.id}`, {
      as: 'admin',
      body: { ...editable(created.json.data), version: created.json.data.version, web_announcement: KEPT },
    });
    expect(updated.json.data.web_announcement).toBe(KEPT);
  });

  it('keeps the text of a removed element and drops only the attack', async () => {
    const answer = await createTemplate('<p onclick="alert(1)">Rapat <blink>orang tua</blink></p>');
    expect(answer.json.data.body).toBe('<p>Rapat orang tua</p>');
  });
});
