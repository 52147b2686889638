import './lib/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { StartFailure } from './app/start-failure';
import { configureApi } from './lib/api';
import { fetchAppSettings } from './lib/app-settings';
import { readChunkReloadMark, reloadIfDeployed } from './lib/chunk-reload';
import { reportError, startErrorReporting } from './lib/error-reporting';
import { currentLanguage, initialLanguage, startI18n } from './lib/i18n';

readChunkReloadMark();
// A chunk of an old deployment is gone: reload once to get the new one. During an outage the page stays
// as it is (the failed import is the caller's to retry), so what the user sees is not thrown away.
window.addEventListener('vite:preloadError', () => void reloadIfDeployed());

async function start(root: ReturnType<typeof createRoot>) {
  try {
    const settings = await fetchAppSettings();
    startErrorReporting(settings.errorReporting.dsn, settings.variant);
    configureApi({ language: currentLanguage, onServerError: reportError });
    // The saved configuration's language replaces this one once the user is signed in.
    await startI18n(initialLanguage(settings.languages), settings.variant);
    // As a transition, the first render yields to the browser every few milliseconds instead of holding
    // the page for its whole length.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App settings={settings} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    console.error('Fleet Console could not start', error);
    root.render(<StartFailure />);
  }
}

const container = document.getElementById('root');
if (container) void start(createRoot(container));
