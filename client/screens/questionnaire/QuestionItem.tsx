import { memo, useContext } from 'react';
import type { Question } from '../../../core/questionnaire/questionnaire.types';
import { InfoTip } from '../../runtime/InfoTip';
import { Problems } from './Problems';
import { RereadNotice } from './reread';
import { SuggestionNotice } from './suggestions';
import { RenderProbe, useExplanation, useSlot, useStore, useText } from './storeHooks';

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
 * One response of a question, Blueprint's radio markup written out (the DOM of RadioGroup/Radio,
 * without their component layers: a long section draws hundreds of them when it opens). It reads
 * only whether it is the one chosen, so an answer re-renders the two radios that flip, not the
 * question around them.
 */
const Response = memo(function Response({ id, value, label }: { id: string; value: string; label: string }) {
  useContext(RenderProbe)?.(`${id}:${value}`);
  const store = useStore();
  const checked = useSlot(id, (s) => s.answer(id) === value);
  return (
    <label className="bp6-control bp6-radio bp6-inline">
      <input
        className="bp6-control-input"
        type="radio"
        name={`response-${id}`}
        value={value}
        checked={checked}
        onChange={(event) => store.setAnswer(id, event.currentTarget.value)}
      />
      <span className="bp6-control-indicator" />
      {label}
    </label>
  );
});

/**
 * One requirement: its response as a radio group. It reads only whether its response asks for an
 * explanation; the radios read their own checked state, the problems their own list.
 */
export const QuestionItem = memo(function QuestionItem({ question }: { question: Question }) {
  const { text: resolve } = useText();
  useContext(RenderProbe)?.(question.id);
  const store = useStore();
  const options = store.compiled.body.responseSets[question.responseSet]?.options ?? [];
  const explains = useSlot(
    question.id,
    (s) => options.find((o) => o.value === s.answer(question.id))?.explain === true,
  );
  const text = resolve(question.text);
  const label = question.requirement ? `${question.requirement} ${text}` : text;
  return (
    <fieldset className="questionnaire__question" data-item={question.id}>
      <legend className="questionnaire__question-text">
        {label}
        {question.tooltip && <InfoTip dataId={question.tooltip} label={question.requirement ?? text} />}
      </legend>
      {question.guidance && <p className="questionnaire__guidance">{resolve(question.guidance)}</p>}
      <div role="radiogroup" className="bp6-radio-group">
        {options.map((o) => (
          <Response key={o.value} id={question.id} value={o.value} label={resolve(o.label)} />
        ))}
      </div>
      {explains && <Explanation id={question.id} />}
      <RereadNotice id={question.id} />
      <SuggestionNotice id={question.id} />
      <Problems id={question.id} />
    </fieldset>
  );
});
