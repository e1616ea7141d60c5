import { Card, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The card public pages sit in: a page heading and the content. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card elevation={2} className="auth-card">
      <H1 className="bp6-heading">{title}</H1>
      {children}
    </Card>
  );
}
