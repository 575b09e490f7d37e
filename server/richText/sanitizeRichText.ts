// Rich text is cleaned when it is written: what is stored is what is served. sanitize-html
// keeps only what the shared allow-list (src/shared/richTextPolicy.ts) allows; the browser
// applies the same list again when it shows the text.

import sanitizeHtml from 'sanitize-html';
import {
  allowedStyle,
  isAllowedImageSource,
  isAllowedLink,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_IMAGE_SCHEMES,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_TAGS,
} from '../../src/shared/richTextPolicy';

type Attributes = sanitizeHtml.Attributes;

/** The attributes a tag keeps after the checks only code can make (style values, link and image targets). */
function checkedAttributes(tagName: string, attribs: Attributes): Attributes {
  const kept: Attributes = { ...attribs };
  if (kept.style !== undefined) {
    const style = allowedStyle(kept.style);
    if (style) kept.style = style;
    else delete kept.style;
  }
  if (tagName === 'a' && kept.href !== undefined && !isAllowedLink(kept.href)) delete kept.href;
  // A link opening a new tab gets no handle on this page.
  if (tagName === 'a' && kept.target !== undefined) kept.rel = 'noopener noreferrer nofollow';
  if (tagName === 'img' && kept.src !== undefined && !isAllowedImageSource(kept.src)) delete kept.src;
  return kept;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Styles are filtered by allowedStyle above, the same function the browser uses.
  parseStyleAttributes: false,
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: checkedAttributes(tagName, attribs) }) },
  // An image with nowhere allowed to load from is nothing to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * sanitize-html writes void elements as `<br />`; the editor, and HTML, write `<br>`. Clean
 * text then comes back byte for byte. A literal ` />` can only close such a tag: `>` in text
 * and attribute values comes out as `&gt;`.
 */
function asHtml(serialized: string): string {
  return serialized.replaceAll(' />', '>');
}

export function sanitizeRichText(html: string): string {
  return asHtml(sanitizeHtml(html, OPTIONS));
}
