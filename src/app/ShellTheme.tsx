// The look of every logged-in page (spec 1 §1): the theme the server's general setting
// names (cc until it answers), light or dark as the user chose. The staff layout and the
// parent, student and booking areas both draw inside it. Material UI's own words (a table's
// "1–10 of 57", "Rows per page") come in the user's language, from react-admin's texts.

import type { ReactNode } from "react";
import { useMemo } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { useLocaleState, useTranslate } from "react-admin";
import { pickTheme, themesOf } from "./theme";
import { useDarkMode } from "./topbar/darkMode";
import { useThemeName } from "./topbar/shellApi";

function useShellTheme() {
  const { data } = useThemeName();
  const dark = useDarkMode();
  const name = pickTheme(data);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(
    () =>
      createTheme(themesOf(name)[dark ? "dark" : "light"], {
        components: {
          MuiTablePagination: {
            defaultProps: {
              labelRowsPerPage: translate("ra.navigation.page_rows_per_page"),
              labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
                translate("ra.navigation.page_range_info", { offsetBegin: from, offsetEnd: to, total: count }),
            },
          },
        },
      }),
    // react-admin's translate keeps its identity when the locale changes; its texts do not
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [name, dark, translate, locale],
  );
}

export function ShellTheme({ children }: { children: ReactNode }) {
  const theme = useShellTheme();
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
