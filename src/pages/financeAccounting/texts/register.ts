// /settingodoo's panel texts arrive with its code (src/providers/pageTexts.ts).

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('finance.accounting', { en, id });
