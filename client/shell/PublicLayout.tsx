import { Outlet } from 'react-router-dom';
import { PublicLanguages } from './PublicLanguages';
import './public.css';

/** Public pages (login, register…): no side panel, toolbar or footer (shell §2.1). */
export function PublicLayout() {
  return (
    <main className="public-layout">
      <div className="public-layout__card">
        <Outlet />
        <PublicLanguages />
      </div>
    </main>
  );
}
