import { H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The heading row of an app screen. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <H1 className="page-header__title">{title}</H1>
      {children}
    </header>
  );
}
