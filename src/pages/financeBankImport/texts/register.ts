// The bank VA import's texts arrive with its code, not the first page (src/providers/pageTexts.ts);
// its title is the locales' `app.page.uploadva`.

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('finance.bankImport', { en, id });
