// The browser's DOMPurify, configured with the same allow-list the server cleans rich text
// with when it is written (src/shared/richTextPolicy.ts): stored text is clean already; this
// keeps the display safe for text that reached the database another way.

import DOMPurify, { type Config, type UponSanitizeAttributeHookEvent } from 'dompurify';
import {
  allowedStyle,
  isAllowedImageSource,
  isAllowedLink,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from '../shared/richTextPolicy';

const EVERY_TAG = RICH_TEXT_ATTRIBUTES['*'] ?? [];

/** The value an attribute keeps on `tag`, or null when it goes. */
function checkedValue(tag: string, name: string, value: string): string | null {
  const own = Object.hasOwn(RICH_TEXT_ATTRIBUTES, tag) ? RICH_TEXT_ATTRIBUTES[tag] : [];
  if (!EVERY_TAG.includes(name) && !own.includes(name)) return null;
  if (name === 'style') return allowedStyle(value) || null;
  if (tag === 'a' && name === 'href') return isAllowedLink(value) ? value : null;
  if (tag === 'img' && name === 'src') return isAllowedImageSource(value) ? value : null;
  return value;
}

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify of our own (its hooks touch no other user of the library). */
function ownPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const made = DOMPurify(window);
  made.addHook('uponSanitizeAttribute', (node: Element, event: UponSanitizeAttributeHookEvent) => {
    const value = checkedValue(node.nodeName.toLowerCase(), event.attrName, event.attrValue);
    if (value === null) event.keepAttr = false;
    else event.attrValue = value;
  });
  made.addHook('afterSanitizeAttributes', (node: Element) => {
    // A link opening a new tab gets no handle on this page.
    if (node.nodeName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
  purifier = made;
  return made;
}

export function purifyRichText(html: string): string {
  return ownPurifier().sanitize(html, CONFIG);
}
