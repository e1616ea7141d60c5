import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WizardStep } from '../../../core/wizards/wizard.types';
import { resolveText } from '../../i18n/text';

/** The steps on the current path: done ones ticked, the current one marked, the rest ahead. */
export function StepList({ path, current }: { path: WizardStep[]; current: number }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="wizard__steps" aria-label={t('wizard.steps')}>
      {path.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'ahead';
        return (
          <li
            key={step.id}
            className={`wizard__step wizard__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="wizard__step-marker" aria-hidden>
              {state === 'done' ? <Icon icon="tick" size={12} /> : index + 1}
            </span>
            <span className="wizard__step-title">{resolveText(step.title, t, i18n.language)}</span>
            {state === 'done' && <span className="wizard__sr-only">{t('wizard.stepDone')}</span>}
          </li>
        );
      })}
    </ol>
  );
}
