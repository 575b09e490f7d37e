// Rich text on a show page, sanitized (DOMPurify): loaded when first drawn (fieldDisplay.tsx).

import { RichTextField } from 'react-admin';

export function RichTextDisplay({ source }: { source: string }) {
  return <RichTextField source={source} />;
}
