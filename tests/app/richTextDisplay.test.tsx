// @vitest-environment jsdom
// The show page's rich text applies the shared allow-list, also to text that reached the
// database without the server cleaning it: what DOMPurify's defaults would let through but
// the list does not is gone, the formatting the editor makes is kept.

import { render } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { RichTextDisplay } from '../../src/views/richTextDisplay';

function shown(html: string): HTMLElement {
  const { container } = render(
    <RecordContextProvider value={{ id: 1, body: html }}>
      <RichTextDisplay source="body" />
    </RecordContextProvider>,
  );
  return container;
}

describe('rich text on a show page', () => {
  it('drops what the allow-list does not hold, keeping the text', () => {
    const page = shown(
      '<form action="https://evil.example"><input name="password"></form>' +
        '<p style="background-image: url(https://evil.example/t); text-align: center">Halo</p>' +
        '<a href="//evil.example/x">sana</a><img src="/logout" alt="x"><table><tr><td>sel</td></tr></table>' +
        '<a href="https://sekolah.example" target="_blank">tab</a>',
    );
    expect(page.querySelector('form, input, table')).toBeNull();
    expect(page.querySelector('p')?.getAttribute('style')).toBe('text-align: center');
    expect(page.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(page.querySelector('img')?.hasAttribute('src')).toBe(false);
    expect(page.textContent).toContain('sel');
    expect(page.querySelector('a[target]')?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('keeps the editor formatting: bold, lists, links, our images, colour', () => {
    const page = shown(
      '<p><strong>Tebal</strong> <a href="https://sekolah.example/info">tautan</a> <span style="color: #c00">merah</span></p>' +
        '<ul><li>satu</li></ul><img src="/api/v1/files/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b" alt="foto">',
    );
    expect(page.querySelector('strong')?.textContent).toBe('Tebal');
    expect(page.querySelector('a')?.getAttribute('href')).toBe('https://sekolah.example/info');
    expect(page.querySelector('span span span')?.getAttribute('style')).toBe('color: #c00');
    expect(page.querySelector('li')?.textContent).toBe('satu');
    expect(page.querySelector('img')?.getAttribute('src')).toBe('/api/v1/files/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b');
  });
});
