// Rich text on a show page, cleaned by DOMPurify with the shared allow-list
// (richTextPurifier.ts): loaded when first drawn (fieldDisplay.tsx).

import Typography from '@mui/material/Typography';
import { useFieldValue } from 'react-admin';
import { purifyRichText } from './richTextPurifier';

export function RichTextDisplay({ source }: { source: string }) {
  const value: unknown = useFieldValue({ source });
  const html = typeof value === 'string' ? purifyRichText(value) : '';
  return (
    <Typography variant="body2" component="span" className="RaRichTextField-root">
      <span dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
