import { Spinner } from '@blueprintjs/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomPanel as CustomDef } from '../../../../core/pages/page.types';

/** The named panels (core/pages CUSTOM_PANELS), each its own chunk. */
const COMPONENTS: Record<CustomDef['component'], ComponentType> = {
  twoFactor: lazy(() => import('./TwoFactorPanel')),
  tooltipsEditor: lazy(() => import('../tooltips/TooltipsEditor')),
  tmRulesEditor: lazy(() => import('../tmRules/TmRulesEditor')),
  reportTemplatePreview: lazy(() => import('./ReportTemplatePreview')),
  pricingPlans: lazy(() => import('./PricingPlans')),
};

export function CustomPanel({ panel }: { panel: CustomDef }) {
  const { t } = useTranslation();
  const Component = COMPONENTS[panel.component];
  if (!Component) return null;
  return (
    <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
      <Component />
    </Suspense>
  );
}
