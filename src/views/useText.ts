// Bilingual texts that come with the model (help, enum option labels, rule messages)
// in the current UI language.

import { useLocaleState } from 'react-admin';
import type { Locale, Text } from '../shared/entityModel';
import { pickLocale } from '../providers/session';

export function useUiLocale(): Locale {
  const [locale] = useLocaleState();
  return pickLocale(locale);
}

export function useText(): (text: Text | undefined) => string {
  const locale = useUiLocale();
  return (text) => (text ? text[locale] : '');
}
