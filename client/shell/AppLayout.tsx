import { lazy, memo, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { MainNav } from './MainNav';
import { MobileDrawer } from './MobileDrawer';
import { MAIN_ID, SkipLink } from './SkipLink';
import { SubDrawer } from './SubDrawer';
import { TopBar } from './TopBar';
import './shell.css';

/** The help chat widget (shell §1: outside development), loaded after the shell: it is not needed to paint. */
const HelpChatWidget = lazy(() => import('../screens/helpChat/HelpChatWidget'));

/**
 * The signed-in shell: navbar, top bar, optional area menu, the screen, and the footer. Memoised: a
 * navigation re-renders its route element, and without it the top bar, the footer and the help chat
 * rendered again on every one; the screen (Outlet) and the menus that show the active route follow
 * the location by themselves.
 */
export default memo(function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="app-layout">
      <SkipLink />
      <div className="app-layout__nav">
        <MainNav />
      </div>
      <MobileDrawer isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <div className="app-layout__column">
        <TopBar onOpenMenu={() => setDrawerOpen(true)} />
        <div className="app-layout__body">
          <SubDrawer />
          <main id={MAIN_ID} className="app-layout__main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
        <Footer />
      </div>
      {!import.meta.env.DEV && (
        <Suspense fallback={null}>
          <HelpChatWidget />
        </Suspense>
      )}
    </div>
  );
});
