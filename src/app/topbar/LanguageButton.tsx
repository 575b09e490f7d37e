// The top bar's language button (spec 1 §1): as react-admin's LocalesMenuButton, which names
// the language in full ("Bahasa Indonesia"); on a narrow screen, where that name pushed the
// page's title out of the bar, the language's code (ID, EN) beside the icon, the menu naming
// each in full. react-admin's keeps its menu mounted while closed (a popover, a modal, a focus
// trap and the list: some 60 components, more than the rest of the top bar); here the menu is
// drawn from the first time it opens (src/views/openedOnce.ts).

import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';
import { useOpenedOnce } from '../../views/openedOnce';

/** Below the md breakpoint (900 px), as the theme's breakpoints say. */
export const NARROW_SCREEN = '(max-width: 899.95px)';

function CompactLanguageMenu() {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuOpened = useOpenedOnce(anchor !== null);
  const label = translate('app.shell.language');
  return (
    <>
      <Button
        color="inherit"
        aria-label={label}
        aria-haspopup="menu"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, flexShrink: 0 }}
      >
        {locale.toUpperCase()}
      </Button>
      {menuOpened && (
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { 'aria-label': label } }}>
          {languages.map((language) => (
            <MenuItem
              key={language.locale}
              selected={language.locale === locale}
              onClick={() => {
                setAnchor(null);
                void setLocale(language.locale);
              }}
            >
              {language.name}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

/** react-admin's LocalesMenuButton, the same button and menu (kept mounted once opened, as its is). */
function LanguageMenu() {
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuOpened = useOpenedOnce(anchor !== null);
  return (
    <span>
      <Button
        color="inherit"
        variant="text"
        aria-controls="simple-menu"
        aria-haspopup="true"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === locale)?.name ?? ''}
      </Button>
      {menuOpened && (
        <Menu id="simple-menu" anchorEl={anchor} keepMounted open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {languages.map((language) => (
            <MenuItem
              key={language.locale}
              onClick={() => {
                void setLocale(language.locale);
                setAnchor(null);
              }}
              selected={language.locale === locale}
            >
              {language.name}
            </MenuItem>
          ))}
        </Menu>
      )}
    </span>
  );
}

export function LanguageButton() {
  return useMediaQuery(NARROW_SCREEN) ? <CompactLanguageMenu /> : <LanguageMenu />;
}
