// The leave pages' texts arrive with their code, not with the first page (src/providers/pageTexts.ts).
// Their titles, which the menus show ahead, are the routes' in the locales (`app.route.*`).

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('hrLeave', { en, id });
