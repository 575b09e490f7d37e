// What rich text may hold: the one allow-list that the server's sanitizer applies when a
// record is written (server/richText/sanitizeRichText.ts, sanitize-html) and the browser's
// DOMPurify applies again when it is shown (src/views/richTextPurifier.ts). It covers what
// the editor (ra-input-rich-text: Tiptap's starter kit, text alignment, images, colour and
// highlight) produces; anything else is dropped. No React, no DOM: the server imports it.

/** Elements kept; any other element is removed, its text kept (except RICH_TEXT_DROPPED_WITH_CONTENT). */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'span', 'mark',
  'ul', 'ol', 'li', 'a', 'img',
];

/** Elements removed together with everything inside them (their text is no content). */
export const RICH_TEXT_DROPPED_WITH_CONTENT: readonly string[] = [
  'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes',
];

/** Attributes kept, per element; `*`: on every kept element. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['style'],
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  mark: ['data-color'],
};

/** Where a link may point: the web, mail and phone. Relative links stay (same origin). */
export const RICH_TEXT_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** Where an image may come from: the web, or a file uploaded to this server. */
export const RICH_TEXT_IMAGE_SCHEMES: readonly string[] = ['http', 'https'];
export const RICH_TEXT_IMAGE_PATH = '/api/v1/files/';

/** CSS properties kept in a `style` attribute, each with the values it may take. */
const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.%\s,/]+\)|[a-z]+)$/i;
export const RICH_TEXT_STYLES: Readonly<Record<string, RegExp>> = {
  'text-align': /^(left|right|center|justify)$/,
  color: COLOUR,
  'background-color': COLOUR,
};

/** Whether an `<a href>` may point there. */
export function isAllowedLink(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim());
  if (!scheme) return !/^\s*\/\//.test(href); // relative, but not protocol-relative (another host)
  return RICH_TEXT_LINK_SCHEMES.includes(scheme[1].toLowerCase());
}

/** Whether an `<img src>` may load from there. */
export function isAllowedImageSource(src: string): boolean {
  const text = src.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  if (scheme) return RICH_TEXT_IMAGE_SCHEMES.includes(scheme[1].toLowerCase());
  return text.startsWith(RICH_TEXT_IMAGE_PATH) && !text.includes('..');
}

/** A `style` attribute's declarations that the allow-list keeps, as a style text ('' when none). */
export function allowedStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const allowed = Object.hasOwn(RICH_TEXT_STYLES, property) ? RICH_TEXT_STYLES[property] : undefined;
    if (allowed?.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}
