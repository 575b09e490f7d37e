// The finance dashboard's texts arrive with its code, not the first page (src/providers/pageTexts.ts).

import { registerPageTexts } from "../../../providers/pageTexts";
import en from "./en";
import id from "./id";

registerPageTexts("finance.dashboard", { en, id });
