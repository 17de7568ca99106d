import './ui/tokens.css';
import './ui/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { activateLanguage, detectLanguage } from './lib/i18n';
import { startServiceWorker } from './lib/pwa';
import { startUploadQueue } from './lib/queue-sync';
import { startSessionScheduler } from './lib/session-scheduler';
import { showParkedToast } from './lib/toast';

async function boot() {
  await activateLanguage(detectLanguage());
  startSessionScheduler();
  startUploadQueue();
  startServiceWorker();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  showParkedToast();
}

void boot();
