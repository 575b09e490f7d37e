// The report pages' texts arrive with their code, not the first page (src/providers/pageTexts.ts);
// their titles are the locales' `app.page.*`.

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('financeReports', { en, id });
