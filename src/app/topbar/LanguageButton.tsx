// The top bar's language button (spec 1 §1): react-admin's, which names the language in full
// ("Bahasa Indonesia"); on a narrow screen, where that name pushed the page's title out of
// the bar, the language's code (ID, EN) beside the icon, the menu naming each in full.

import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import TranslateIcon from '@mui/icons-material/Translate';
import { LocalesMenuButton, useLocales, useLocaleState, useTranslate } from 'react-admin';

/** Below the md breakpoint (900 px), as the theme's breakpoints say. */
export const NARROW_SCREEN = '(max-width: 899.95px)';

function CompactLanguageMenu() {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
    </>
  );
}

export function LanguageButton() {
  return useMediaQuery(NARROW_SCREEN) ? <CompactLanguageMenu /> : <LocalesMenuButton />;
}
