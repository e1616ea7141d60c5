import { Callout, Card, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import axios, { type AxiosResponseTransformer } from 'axios';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fillSourcePath, pathValues } from '../../../core/pages/page.utils';
import { compileQuestionnaire, isEmpty } from '../../../core/questionnaire/questionnaire';
import type { Text } from '../../../core/documents/document.types';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { definedParams, fillPath } from '../../../core/routes/route.utils';
import { clientForPath } from '../../api/clients';
import { failureOf } from '../../api/http';
import { failureText } from '../../api/failureText';
import { resolveText } from '../../i18n/text';
import type { ScreenProps } from '../../runtime/screen.types';
import { PageHeader } from '../parts/PageHeader';
import { DATA_KEY } from '../page/page.data';
import { createAnswerSaver } from './answerSaver';
import { Completion, CompletionRefusal, type Refusal } from './Completion';
import { QuestionnaireView } from './QuestionnaireView';
import { SaveStatus } from './SaveStatus';
import { SourceNotice, type SourceNoticeDef } from './SourceNotice';
import { RereadContext, RereadSummary, useRereads } from './reread';
import { SuggestionsContext, useSuggestions } from './suggestions';
import { type AnswerRecord, readRecord } from './recordReads';
import { useQuestionnaireVersion } from './useQuestionnaireDocument';
import { readAgain } from '../../lib/queryClient';

/** What the record at `source` answers: the pinned document, the answers, where the user left off. */
/** Typed answers wait for a pause; choices (responses, selects, boxes, dates) are saved at once. */
const TYPED_INPUTS = new Set(['text', 'textarea', 'email', 'phone', 'number']);

const isNotice = (value: unknown): value is SourceNoticeDef =>
  typeof value === 'object' && value !== null && typeof (value as SourceNoticeDef).source === 'string';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A saved answer's response body (the whole record) is never read: only a refusal's is parsed,
 * with axios' own transforms, for its problems. Spares a parse of every answer's record.
 */
const refusalsOnly: AxiosResponseTransformer = function (this, data, headers, status) {
  if (status !== undefined && status < 300) return null;
  const transforms = [axios.defaults.transformResponse ?? []].flat();
  return transforms.reduce((body, transform) => transform.call(this, body, headers, status), data);
};

/**
 * A questionnaire answered against a server record (route props, no domain words): `source` is the
 * record (its `document {id, version}` pins the questionnaire version, read from the config service),
 * `answerPath` (`:itemId`) saves each answer as `{ value, step }`, `completePath` completes it and
 * `afterComplete` is opened then. `stepParam` (default `lastStep`) keeps the section on screen in the
 * address; the route lists it under `keepMounted` so writing it does not start the screen over.
 * `statusNotices` maps a record status to a text shown above the form; `notice` is one read from a
 * gateway path, shown while it answers something (SourceNotice). `suggestionsPath` reads suggested
 * answers (shown under their questions; `:itemId/accept` and `:itemId/override` below it decide one).
 * `rereadPath` reads answers given to another wording of their question (flagged under them until
 * answered again or confirmed at `:itemId/confirm` below it).
 */
export function RecordQuestionnaire({ route, params, props }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const sourcePath = fillSourcePath(text(props.source), params);
  const record = useQuery({
    queryKey: ['questionnaire-record', sourcePath],
    queryFn: () => readRecord(sourcePath as string),
    enabled: sourcePath !== null,
    // read when the screen opens, never while answering: the form holds the newer answers
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const pinned = record.data?.document;
  const document = useQuestionnaireVersion(pinned?.id ?? '', pinned?.version);

  const failed = record.error ?? document.error;
  if (sourcePath === null) return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  if (failed) {
    const missing = failureOf(failed)?.status === 404;
    return (
      <Callout intent="danger" role="alert">
        {missing ? t('errors.documentNotFound') : failureText(failed, t, i18n)}
      </Callout>
    );
  }
  if (!record.data || !document.data) return <Spinner aria-label={t('shell.loading')} />;
  return (
    <Answering
      route={route}
      params={params}
      props={props}
      record={record.data}
      body={document.data.body}
      title={resolveText(document.data.body.title, t, i18n.language)}
    />
  );
}

function Answering({
  route,
  params,
  props,
  record,
  body,
  title,
}: ScreenProps & { record: AnswerRecord; body: QuestionnaireBody; title: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stepParam = text(props.stepParam) || 'lastStep';
  const values = useMemo(() => pathValues(params, record), [params, record]);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const sections = useMemo(() => new Set(body.sections.map((section) => section.id)), [body]);
  const [initialSection] = useState(() => {
    const asked = params[stepParam];
    if (asked && sections.has(asked)) return asked;
    return record.lastStep && sections.has(record.lastStep) ? record.lastStep : undefined;
  });
  const step = useRef(initialSection);
  const [jumpTo, setJumpTo] = useState<{ section: string; item: string }>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const compiled = useMemo(() => compileQuestionnaire(body), [body]);

  const labelOf = useCallback(
    (id: string) => {
      const item = compiled.entries.get(id)?.item;
      if (!item) return id;
      if (item.type === 'question')
        return [item.requirement, resolveText(item.text, t, i18n.language)].filter(Boolean).join(' ');
      return resolveText(item.label, t, i18n.language);
    },
    [compiled, t, i18n.language],
  );

  const saver = useMemo(
    () =>
      createAnswerSaver({
        isTyped: (id) => {
          const item = compiled.entries.get(id)?.item;
          return item?.type === 'table' || (item?.type === 'field' && TYPED_INPUTS.has(item.input));
        },
        send: async (id, value) => {
          const path = fillSourcePath(text(props.answerPath), { ...valuesRef.current, itemId: id });
          if (path === null) throw new Error(`unfilled ${text(props.answerPath)}`);
          const { client, url } = clientForPath(path);
          await client.put(
            url,
            { value: value ?? null, ...(step.current ? { step: step.current } : {}) },
            { transformResponse: refusalsOnly },
          );
        },
        explain: (error) => {
          const data = axios.isAxiosError(error) ? error.response?.data : undefined;
          const problems = (data as { problems?: { message: unknown }[] } | undefined)?.problems;
          if (Array.isArray(problems) && problems.length > 0)
            return problems.map((problem) => resolveText(problem.message as never, t, i18n.language));
          return [failureText(error, t, i18n)];
        },
      }),
    [compiled, props.answerPath, t, i18n],
  );
  useEffect(() => () => saver.dispose(), [saver]);
  const rereads = useRereads(props.rereadPath ? fillSourcePath(text(props.rereadPath), values) : null);
  const answeredAgain = rereads?.answered;
  const refusalShown = useRef(refusal);
  refusalShown.current = refusal;
  const onAnswer = useCallback(
    (id: string, value: unknown) => {
      saver.answer(id, value);
      // the server drops the item's re-read flag with the saved answer
      answeredAgain?.(id);
      // an answer given drops off the server's missing list; what it refused is judged at the next
      // Complete (no state update at all when it was not listed: an answer schedules no render here)
      if (!isEmpty(value) && refusalShown.current?.missing.includes(id))
        setRefusal((shown) => (shown ? { ...shown, missing: shown.missing.filter((m) => m !== id) } : shown));
    },
    [saver, answeredAgain],
  );
  const initialAnswers = record.answers ?? {};
  const [answers] = useState(initialAnswers);

  const onSection = useCallback(
    (id: string) => {
      step.current = id;
      if (params[stepParam] === id) return;
      navigate(fillPath(route.path, { ...definedParams(params), [stepParam]: id }), { replace: true });
    },
    [params, stepParam, route.path, navigate],
  );

  const onCompleted = useCallback(
    (content: unknown) => {
      void readAgain(queryClient, [DATA_KEY]);
      const next = text(props.afterComplete);
      const to = next ? fillSourcePath(next, { ...valuesRef.current, ...pathValues({}, content) }) : null;
      if (to) navigate(to);
    },
    [props.afterComplete, queryClient, navigate],
  );
  const goTo = useCallback(
    (item: string) => {
      const index = compiled.entries.get(item)?.section;
      const section = index === undefined ? undefined : body.sections[index];
      if (section) setJumpTo({ section: section.id, item });
    },
    [compiled, body],
  );

  const completePath = fillSourcePath(text(props.completePath), values);
  const suggestions = useSuggestions(
    props.suggestionsPath ? fillSourcePath(text(props.suggestionsPath), values) : null,
  );
  // a text by the record's status (route props): what answering means now (reopens, or is refused)
  const notices = (props.statusNotices ?? {}) as Record<string, Text>;
  const notice = record.status && Object.hasOwn(notices, record.status) ? notices[record.status] : undefined;
  return (
    <section className="questionnaire-screen">
      <PageHeader title={title} />
      {notice && (
        <Callout intent="warning" className="questionnaire__notice">
          {resolveText(notice, t, i18n.language)}
        </Callout>
      )}
      {isNotice(props.notice) && <SourceNotice notice={props.notice} values={values} />}
      <SaveStatus saver={saver} labelOf={labelOf} />
      {refusal && <CompletionRefusal refusal={refusal} labelOf={labelOf} onGoTo={goTo} />}
      <RereadContext.Provider value={rereads}>
        <RereadSummary order={compiled.questionIds} onGoTo={goTo} />
        <Card elevation={1}>
          <SuggestionsContext.Provider value={suggestions}>
            <QuestionnaireView
              body={body}
              initialAnswers={answers}
              onAnswer={onAnswer}
              initialSection={initialSection}
              onSection={onSection}
              jumpTo={jumpTo}
              outstanding={refusal ? refusal.problems.length + refusal.missing.length : 0}
              footer={
                completePath ? (
                  <Completion
                    saver={saver}
                    path={completePath}
                    onCompleted={onCompleted}
                    onRefused={setRefusal}
                    onGoTo={goTo}
                  />
                ) : undefined
              }
            />
          </SuggestionsContext.Provider>
        </Card>
      </RereadContext.Provider>
    </section>
  );
}
