// The English messages, a chunk of their own (see catalogs.ts).

import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import appEnglish from '../../locales/en';

export const englishCatalog = { ...englishMessages, ...appEnglish } as TranslationMessages;
