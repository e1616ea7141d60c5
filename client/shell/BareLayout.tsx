import { Outlet } from 'react-router-dom';

/** Bare pages (/welcome/:code): the screen alone, full width. */
export function BareLayout() {
  return (
    <main className="bare-layout">
      <Outlet />
    </main>
  );
}
