import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Roboto from npm, Latin only (Indonesian and English need nothing else): no font CDN.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';
import { appStorage } from './app/providers';
import { loadCatalog } from './providers/catalogs';
import { readLocale } from './providers/session';

// The first page draws in the stored language: Indonesian is part of this code, English is
// fetched first when it was chosen last time (if that fails, the page starts in Indonesian).
loadCatalog(readLocale(appStorage))
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
