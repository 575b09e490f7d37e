// The board's texts arrive with the board's code, not with the first page (src/providers/pageTexts.ts).
// Only the titles the menus show before that code arrives are in the locales (./titles.ts).

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('comboard', { en, id });
