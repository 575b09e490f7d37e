// Displays that only some tables and show pages need, loaded when first drawn
// (see fieldDisplay.tsx): files and images, and a many-reference with its chips.
// Rich text, with its HTML sanitizer, is in richTextDisplay.tsx.

import { FileField, ImageField, ReferenceArrayField } from 'react-admin';

export function ReferencesDisplay({ source, reference }: { source: string; reference: string }) {
  return <ReferenceArrayField source={source} reference={reference} />;
}

export function FileDisplay({ source }: { source: string }) {
  return <FileField source={`${source}.src`} title={`${source}.title`} target="_blank" />;
}

export function ImageDisplay({ source }: { source: string }) {
  return <ImageField source={`${source}.src`} title={`${source}.title`} />;
}
