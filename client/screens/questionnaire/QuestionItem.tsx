import { Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { memo, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../../core/questionnaire/questionnaire.types';
import { resolveText } from '../../i18n/text';
import { InfoTip } from '../../runtime/InfoTip';
import { Problems } from './Problems';
import { RenderProbe, useAnswer, useExplanation, useStore } from './storeHooks';

/** The explanation box of a response that asks for one (N/A): it fills the question's appendix row. */
function Explanation({ id }: { id: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const text = useExplanation(id);
  return (
    <TextArea
      className="questionnaire__explanation"
      aria-label={t('questionnaire.explanation')}
      placeholder={t('questionnaire.explanationHint')}
      value={text}
      fill
      onChange={(event) => store.setExplanation(id, event.target.value)}
    />
  );
}

/** One requirement: its response as a radio group; reads only its own answer and problems. */
export const QuestionItem = memo(function QuestionItem({ question }: { question: Question }) {
  const { t, i18n } = useTranslation();
  useContext(RenderProbe)?.(question.id);
  const store = useStore();
  const value = useAnswer(question.id);
  const options = store.compiled.body.responseSets[question.responseSet]?.options ?? [];
  const chosen = options.find((o) => o.value === value);
  const text = resolveText(question.text, t, i18n.language);
  const label = question.requirement ? `${question.requirement} ${text}` : text;
  return (
    <fieldset className="questionnaire__question" data-item={question.id}>
      <legend className="questionnaire__question-text">
        {label}
        {question.tooltip && <InfoTip dataId={question.tooltip} label={question.requirement ?? text} />}
      </legend>
      {question.guidance && (
        <p className="questionnaire__guidance">{resolveText(question.guidance, t, i18n.language)}</p>
      )}
      <RadioGroup
        inline
        selectedValue={typeof value === 'string' ? value : undefined}
        onChange={(event) => store.setAnswer(question.id, event.currentTarget.value)}
      >
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={resolveText(o.label, t, i18n.language)} />
        ))}
      </RadioGroup>
      {chosen?.explain && <Explanation id={question.id} />}
      <Problems id={question.id} />
    </fieldset>
  );
});
