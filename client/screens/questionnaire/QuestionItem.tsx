import { memo, useContext } from 'react';
import type { Question } from '../../../core/questionnaire/questionnaire.types';
import { InfoTip } from '../../runtime/InfoTip';
import { Problems } from './Problems';
import { RereadNotice } from './reread';
import { SuggestionNotice } from './suggestions';
import { RenderProbe, useAnswer, useExplanation, useStore, useText } from './storeHooks';

/**
 * The explanation box of a response that asks for one (N/A): it fills the question's appendix row.
 * A plain textarea with Blueprint's classes: its TextArea reads the scroll height on mount and on
 * each keystroke (a forced layout) for a resize this box does not do.
 */
function Explanation({ id }: { id: string }) {
  const { t } = useText();
  const store = useStore();
  const text = useExplanation(id);
  return (
    <textarea
      className="bp6-input bp6-text-area bp6-fill questionnaire__explanation"
      aria-label={t('questionnaire.explanation')}
      placeholder={t('questionnaire.explanationHint')}
      value={text}
      onChange={(event) => store.setExplanation(id, event.target.value)}
    />
  );
}

/**
 * One requirement: its response as a radio group; reads only its own answer and problems. The
 * radios are Blueprint's markup written out (the DOM of RadioGroup/Radio, without their component
 * layers: a long section draws hundreds of them when it opens).
 */
export const QuestionItem = memo(function QuestionItem({ question }: { question: Question }) {
  const { text: resolve } = useText();
  useContext(RenderProbe)?.(question.id);
  const store = useStore();
  const value = useAnswer(question.id);
  const options = store.compiled.body.responseSets[question.responseSet]?.options ?? [];
  const chosen = options.find((o) => o.value === value);
  const text = resolve(question.text);
  const label = question.requirement ? `${question.requirement} ${text}` : text;
  const selected = typeof value === 'string' ? value : undefined;
  const name = `response-${question.id}`;
  return (
    <fieldset className="questionnaire__question" data-item={question.id}>
      <legend className="questionnaire__question-text">
        {label}
        {question.tooltip && <InfoTip dataId={question.tooltip} label={question.requirement ?? text} />}
      </legend>
      {question.guidance && <p className="questionnaire__guidance">{resolve(question.guidance)}</p>}
      <div role="radiogroup" className="bp6-radio-group">
        {options.map((o) => (
          <label key={o.value} className="bp6-control bp6-radio bp6-inline">
            <input
              className="bp6-control-input"
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === selected}
              onChange={(event) => store.setAnswer(question.id, event.currentTarget.value)}
            />
            <span className="bp6-control-indicator" />
            {resolve(o.label)}
          </label>
        ))}
      </div>
      {chosen?.explain && <Explanation id={question.id} />}
      <RereadNotice id={question.id} />
      <SuggestionNotice id={question.id} />
      <Problems id={question.id} />
    </fieldset>
  );
});
