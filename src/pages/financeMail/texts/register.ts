// The e-mail pages' texts arrive with their code, not the first page (src/providers/pageTexts.ts);
// their titles are the locales' `app.page.sendemail`, `app.page.outbox`, `app.page.sent`.

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('finance.mail', { en, id });
