// The journals list's texts arrive with its code, not the first page (src/providers/pageTexts.ts);
// its title is the locales' `app.page.journal`.

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('finance.journals', { en, id });
