import { Button, Callout, FormGroup, NumericInput, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentProblem } from '../../../../core/documents/document.types';
import type { PreviewAnswer } from '../../../../core/transaction-monitoring/preview.types';
import { DEFAULT_RULE_SET, type TmRuleSetBody } from '../../../../core/transaction-monitoring/tm.types';
import { failureOf } from '../../../api/http';
import { showToast } from '../../../lib/toaster';
import { bodyText, parseBody } from '../../documents/documents.api';
import type { JsonEditorHandle } from '../../documents/JsonEditor';
import { ProblemList } from '../../documents/ProblemList';
import { listKey } from '../../list/listQuery';
import { PreviewResult } from './PreviewResult';
import { previewDraft, problemsOf, publishedRuleSet, rulesVersionsKey, submitDraft } from './tmRules.api';
import '../../documents/documents.css';
import './tmRules.css';
import { readAgain } from '../../../lib/queryClient';

const JsonEditor = lazy(() => import('../../documents/JsonEditor'));

/**
 * /app/transaction-monitoring/rules: the published rule set in the document editor (completion and
 * hints from the tm-rules meta-schema), a preview of the edited set over the organisation's recent
 * transactions, and submitting it as a draft that another user approves (maker-checker).
 */
export default function TmRulesEditor() {
  const { t } = useTranslation();
  const published = useQuery({ queryKey: rulesVersionsKey, queryFn: publishedRuleSet });
  if (published.isPending) return <Spinner size={24} aria-label={t('shell.loading')} />;
  if (published.isError || !published.data)
    return <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>;
  // a newly published version (or the organisation's own set replacing the default) remounts the editor
  const { id, version, body } = published.data;
  return <RulesDraft key={`${id}@${version}`} version={version} body={body} fallback={id === DEFAULT_RULE_SET} />;
}

/** `fallback`: the organisation has no rule set of its own yet and is scored by the platform default. */
function RulesDraft({ version, body, fallback }: { version: number; body: unknown; fallback: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editor = useRef<JsonEditorHandle>(null);
  const [text, setText] = useState(() => bodyText(body));
  const [days, setDays] = useState(7);
  const [problems, setProblems] = useState<DocumentProblem[] | null>(null);
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);

  /** The edited body, or null after showing why it is not a JSON object. */
  const edited = (): TmRuleSetBody | null => {
    const parsed = parseBody(text);
    if ('body' in parsed) return parsed.body as unknown as TmRuleSetBody;
    const shown = [{ path: '', message: t('transactionMonitoring.editor.notJson', { reason: parsed.error }) }];
    setProblems(shown);
    editor.current?.showProblems(shown);
    return null;
  };
  const refused = (error: unknown) => {
    const found = problemsOf(error);
    if (found) {
      setProblems(found);
      editor.current?.showProblems(found);
      return;
    }
    void showToast(failureOf(error)?.message || t('errors.somethingWentWrong'), 'danger');
  };
  const accepted = () => {
    setProblems(null);
    editor.current?.showProblems([]);
  };

  const run = useMutation({
    mutationFn: ({ ruleSet }: { ruleSet: TmRuleSetBody }) => previewDraft(ruleSet, days),
    onSuccess: (answer) => {
      accepted();
      setPreview(answer);
    },
    onError: refused,
  });
  const submit = useMutation({
    mutationFn: ({ ruleSet }: { ruleSet: TmRuleSetBody }) => submitDraft(ruleSet),
    onSuccess: async (draft) => {
      accepted();
      void showToast(t('transactionMonitoring.editor.submitted', { version: draft.version }), 'success');
      await readAgain(queryClient, listKey('tm-rule-versions'));
    },
    onError: refused,
  });
  const busy = run.isPending || submit.isPending;

  return (
    <div className="tm-rules-editor documents-admin">
      <div className="tm-rules-editor__bar">
        <Tag minimal round intent="success" data-testid="tm-rules-version">
          {t('transactionMonitoring.editor.current', { version })}
        </Tag>
        <span className="tm-rules-editor__spacer" />
        <FormGroup inline label={t('transactionMonitoring.editor.days')} labelFor="tm-preview-days">
          <NumericInput
            id="tm-preview-days"
            min={1}
            max={30}
            value={days}
            onValueChange={(value) => setDays(Number.isFinite(value) ? Math.min(30, Math.max(1, value)) : 7)}
          />
        </FormGroup>
        <Button
          icon="eye-open"
          text={t('transactionMonitoring.editor.preview')}
          disabled={busy}
          loading={run.isPending}
          onClick={() => {
            const ruleSet = edited();
            if (ruleSet) run.mutate({ ruleSet });
          }}
        />
        <Button
          intent="primary"
          icon="send-message"
          text={t('transactionMonitoring.editor.submit')}
          disabled={busy}
          loading={submit.isPending}
          onClick={() => {
            const ruleSet = edited();
            if (ruleSet) submit.mutate({ ruleSet });
          }}
        />
      </div>
      {fallback && (
        <Callout intent="primary" data-testid="tm-rules-default">
          {t('transactionMonitoring.editor.defaultSet')}
        </Callout>
      )}
      <p className="bp6-text-muted">{t('transactionMonitoring.editor.makerChecker')}</p>
      {problems && problems.length > 0 && (
        <ProblemList problems={problems} source="validate" onReveal={(path) => editor.current?.reveal(path)} />
      )}
      <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
        <JsonEditor
          ref={editor}
          initialText={text}
          kind="tm-rules"
          readOnly={false}
          label={t('transactionMonitoring.editor.label')}
          onChange={setText}
        />
      </Suspense>
      {preview && <PreviewResult preview={preview} />}
    </div>
  );
}
