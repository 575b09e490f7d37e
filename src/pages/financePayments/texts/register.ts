// The payments list's texts arrive with its code, not the first page (src/providers/pageTexts.ts);
// its title is the locales' `app.page.paymenttransaction`.

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('finance.payments', { en, id });
