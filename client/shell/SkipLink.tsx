import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the shell's main region, the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * The first tab stop of the signed-in shell (WCAG 2.4.1): past the navbar, sub-menu and top bar
 * (about 31 stops) straight to the screen. Shown only while focused.
 */
export function SkipLink() {
  const { t } = useTranslation();
  // focus is moved by hand: following the hash would put a fragment in the router's URL
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('shell.skipToContent')}
    </a>
  );
}
