import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * Stands in for markdown-to-jsx's `Markdown` inside RJSF (vite.config.ts `lazyMarkdown`): RJSF
 * imports it for the few texts drawn as markdown (a file's line, an unsupported field's message),
 * and its parser is the largest part of the form renderer. It loads when such a text first shows.
 */
const Real = lazy(() => import('markdown-to-jsx/react').then((module) => ({ default: module.Markdown })));

export function Markdown(props: ComponentProps<typeof Real>) {
  return (
    <Suspense fallback={null}>
      <Real {...props} />
    </Suspense>
  );
}
