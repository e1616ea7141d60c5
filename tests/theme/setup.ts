import '@testing-library/jest-dom/vitest';
import { initI18n, loadAppTexts } from '../../client/i18n/i18n';

// the theme's labels come from the app's catalogue, in English as a first visit sees them
await initI18n('en');
await loadAppTexts();
