import { H1, H2, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

const HEADINGS = { 1: H1, 2: H2, 3: H3 } as const;

interface PageHeaderProps {
  title: string;
  /** 1 for a screen; 2 or 3 for a part embedded in another screen (e.g. a list inside a card). */
  level?: 1 | 2 | 3;
  children?: ReactNode;
}

/** The heading row of an app screen, or of a part of one. */
export function PageHeader({ title, level = 1, children }: PageHeaderProps) {
  const Heading = HEADINGS[level];
  return (
    <header className={level === 1 ? 'page-header' : 'page-header page-header--part'}>
      <Heading className="page-header__title">{title}</Heading>
      {children}
    </header>
  );
}
