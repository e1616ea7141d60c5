import { Button, Drawer } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../runtime/appConfig';
import { MainNav } from './MainNav';

/** The main menu in a drawer on small screens; following a link closes it. */
export function MobileDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { shell } = useAppConfig();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} position="left" size={shell.navbar.width} className="mobile-drawer">
      <div role="dialog" aria-modal="true" aria-label={t('shell.mainMenu')} className="mobile-drawer__body">
        <Button variant="minimal" icon="cross" aria-label={t('shell.closeMenu')} onClick={onClose} />
        <MainNav mobile onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
