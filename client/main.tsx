// first: the boot's reads that need none of the rest of the entry
import './app/earlyReads';
import '@blueprintjs/core/lib/css/blueprint.css';
import './shell/public.css';
import './shell/contrast.css';
import './shell/motion.css';
import { Classes } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { translateBlueprintLabels } from './i18n/blueprintLabels';
import { initI18n } from './i18n/i18n';
import { Boot, readBootConfig } from './app/Boot';
import { registerServiceWorker } from './app/serviceWorker';
import { installIconLoader } from './runtime/icons';
import { captureAffid } from './session/affid';
import { getSession } from './session/session.store';

const session = getSession();
captureAffid();
installIconLoader();
// apply the stored theme before the first paint to avoid a flash of the wrong one
document.body.classList.toggle(Classes.DARK, session.theme === 'dark');
document.documentElement.dataset.build = __APP_BUILD__;
void registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// the app documents and the first page's chunks load while the catalogue does
const config = readBootConfig();
// render once the stored language's catalogue is in, so the first paint is in that language
void initI18n(session.language).then(() => {
  translateBlueprintLabels();
  createRoot(root).render(
    <StrictMode>
      <Boot first={config} />
    </StrictMode>,
  );
});
