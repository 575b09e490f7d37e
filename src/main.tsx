import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Roboto from npm, Latin only (Indonesian and English need nothing else): no font CDN.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';
import { appStorage } from './app/providers';
import { SHELL_SEGMENTS } from './pages/registry';
import { loadCatalog } from './providers/catalogs';
import { readActiveModule, readLocale } from './providers/session';
import { loadForPath } from './views/registryLookup';

// The first page draws in the stored language: Indonesian is part of this code, English is
// fetched first when it was chosen last time (if that fails, the page starts in Indonesian).
// Meanwhile the registry entries of the module the user works in arrive, and every module's
// when the page's resource is not among them (a deep link into another module). A failed
// load leaves the menu to load them again.
Promise.all([
  loadCatalog(readLocale(appStorage)).catch(() => undefined),
  loadForPath(window.location.pathname, [readActiveModule(appStorage)], SHELL_SEGMENTS).catch(() => undefined),
]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
