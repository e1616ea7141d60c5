import type { GridTemplateProps } from '@rjsf/utils';
import type { CSSProperties } from 'react';

/**
 * LayoutGridField's rows and columns on CSS grid: a row is 12 tracks, a column spans `span` of
 * them (12 when unset). `className` and `style` pass through; other props are not for the DOM.
 */
export function GridTemplate({ children, column, className, style, span }: GridTemplateProps) {
  const grid: CSSProperties = column ? { gridColumn: `span ${typeof span === 'number' ? span : 12}` } : {};
  return (
    <div
      className={`${column ? 'rjsf-grid-column' : 'rjsf-grid-row'} ${className ?? ''}`.trim()}
      style={{ ...grid, ...style }}
    >
      {children}
    </div>
  );
}
