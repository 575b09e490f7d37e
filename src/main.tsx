import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Roboto from npm, Latin only (Indonesian and English need nothing else): no font CDN.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
