// The staff calendar's texts arrive with its code, not with the first page (src/providers/pageTexts.ts).
// Its title, which the menu shows ahead, is its route's title in the locales.

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('academicCalendar', { en, id });
