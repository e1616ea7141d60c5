import { Button, ButtonGroup, Callout, Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DocumentProblem } from '../../core/documents/document.types';
import { failureOf } from '../api/http';
import type { ScreenProps } from '../runtime/screen.types';
import { showToast } from '../lib/toaster';
import {
  bodyText,
  createDraft,
  documentName,
  getVersion,
  listVersions,
  parseBody,
  publishVersion,
  saveDraft,
  validateBody,
  versionKey,
  versionsKey,
} from './documents/documents.api';
import type { JsonEditorHandle } from './documents/JsonEditor';
import { ProblemList } from './documents/ProblemList';
import { StatusTag } from './documents/StatusTag';
import { listKey } from './list/listQuery';
import { ListView } from './list/ListView';
import { PageHeader } from './parts/PageHeader';
import './documents/documents.css';
import { ConfirmAlert } from './parts/ConfirmAlert';
import { readAgain } from '../lib/queryClient';

// CodeMirror and the meta-schemas are a chunk of their own, fetched when a body is shown
const JsonEditor = lazy(() => import('./documents/JsonEditor'));
// the questionnaire renderer comes with a questionnaire opened, not with the list of documents
const QuestionnairePreview = lazy(() =>
  import('./documents/QuestionnairePreview').then((module) => ({ default: module.QuestionnairePreview })),
);

/** The list documents of this screen (schemas/lists/): their rows link back here with ?doc= and &v=. */
const DOCUMENTS_LIST = 'config-documents';
const VERSIONS_LIST = 'config-document-versions';

interface Problems {
  list: DocumentProblem[];
  source: 'validate' | 'publish';
}

/**
 * /app/admin/documents: the config documents (routes, menus, landing rules, forms…) with their
 * versions — two list documents — and the editor: a version's body read-only, a new draft from it,
 * and the draft edited, validated (dry run on the server) and published. The selection lives in the
 * URL (?doc=kind/id&v=n), which the lists' row links set.
 */
export default function AdminDocumentsScreen({ props, params: routeParams }: Partial<ScreenProps>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const editor = useRef<JsonEditorHandle>(null);
  const [text, setText] = useState<string | null>(null);
  /** The editor text as last saved (the server's pretty-printed body until the first save). */
  const [baseline, setBaseline] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [confirming, setConfirming] = useState(false);

  // a route may name the document itself: /app/admin/assessment-templates/:id opens questionnaire/:id
  const routed = typeof props?.kind === 'string' && routeParams?.id ? `${props.kind}/${routeParams.id}` : '';
  const [kind, id] = (params.get('doc') ?? routed).split('/');
  const selected = useMemo(() => (kind && id ? { kind, id } : null), [kind, id]);
  const name = selected ? documentName(selected) : null;

  const requested = Number(params.get('v'));
  const chosen = Number.isInteger(requested) && requested > 0;
  // without ?v= the editor opens the published version, else the newest
  const versions = useQuery({
    queryKey: versionsKey(kind ?? '', id ?? ''),
    queryFn: () => listVersions(kind, id),
    enabled: selected !== null && !chosen,
  });
  const fallbackVersion =
    versions.data?.find((meta) => meta.status === 'published')?.version ??
    versions.data?.reduce((max, meta) => Math.max(max, meta.version), 0) ??
    null;
  const versionNumber = chosen ? requested : fallbackVersion || null;
  const version = useQuery({
    queryKey: versionKey(kind ?? '', id ?? '', versionNumber ?? 0),
    queryFn: () => getVersion(kind, id, versionNumber as number),
    enabled: selected !== null && versionNumber !== null,
  });

  const document = version.data;
  const isDraft = document?.status === 'draft';
  const savedText = document ? bodyText(document.body) : '';
  const dirty = isDraft && text !== null && text !== (baseline ?? savedText);

  // another document or version (a row link of the lists, or a new draft): the editor starts afresh
  const selection = `${params.get('doc')}@${params.get('v')}`;
  const [shownSelection, setShownSelection] = useState(selection);
  if (shownSelection !== selection) {
    setShownSelection(selection);
    setText(null);
    setBaseline(null);
    setProblems(null);
  }
  const selectVersion = (next: number) => {
    const search = new URLSearchParams(params);
    search.set('v', String(next));
    setParams(search);
  };

  const refresh = async () => {
    await Promise.all([
      readAgain(queryClient, listKey(DOCUMENTS_LIST)),
      readAgain(queryClient, listKey(VERSIONS_LIST)),
      readAgain(queryClient, versionsKey(kind, id)),
    ]);
  };
  const failed = (error: unknown) => {
    const failure = failureOf(error);
    void showToast(failure?.message || t('errors.somethingWentWrong'), 'danger');
  };

  /** The editor text as a body, or the parse problem shown in the list. */
  const currentBody = (): Record<string, unknown> | null => {
    const parsed = parseBody(text ?? savedText);
    if ('body' in parsed) return parsed.body;
    const message =
      parsed.error === 'notObject'
        ? t('admin.documents.notObject')
        : t('admin.documents.invalidJson', { reason: parsed.error });
    setProblems({ list: [{ path: '/body', message }], source: 'validate' });
    return null;
  };

  const newDraft = useMutation({
    mutationFn: () => createDraft(kind, id, document?.body),
    onSuccess: async (draft) => {
      void showToast(t('admin.documents.draftCreated', { version: draft.version }), 'primary');
      await refresh();
      selectVersion(draft.version);
    },
    onError: failed,
  });

  const save = useMutation({
    mutationFn: async () => {
      const body = currentBody();
      if (!body || !document) return null;
      return saveDraft(kind, id, document.version, body);
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      queryClient.setQueryData(versionKey(kind, id, saved.version), saved);
      setBaseline(text ?? savedText);
      void showToast(t('admin.documents.saved', { version: saved.version }), 'success', 2500);
      await refresh();
    },
    onError: failed,
  });

  const check = useMutation({
    mutationFn: async () => {
      const body = currentBody();
      return body ? validateBody(kind, id, body) : null;
    },
    onSuccess: (found) => {
      if (!found) return;
      setProblems({ list: found, source: 'validate' });
      editor.current?.showProblems(found);
    },
    onError: failed,
  });

  const publish = useMutation({
    mutationFn: async () => {
      if (!document) return null;
      if (dirty) {
        const saved = await save.mutateAsync();
        if (!saved) return null;
      }
      return publishVersion(kind, id, document.version);
    },
    onSuccess: async (answer) => {
      if (!answer) return;
      if ('problems' in answer) {
        setProblems({ list: answer.problems, source: 'publish' });
        editor.current?.showProblems(answer.problems);
        return;
      }
      queryClient.setQueryData(versionKey(kind, id, answer.published.version), answer.published);
      setProblems(null);
      setText(null);
      setBaseline(null);
      void showToast(t('admin.documents.published', { version: answer.published.version, name }), 'success');
      await refresh();
    },
    onError: failed,
  });

  const busy = newDraft.isPending || save.isPending || check.isPending || publish.isPending;
  const editorLabel = t(isDraft ? 'admin.documents.editorLabel' : 'admin.documents.viewerLabel', {
    name,
    version: document?.version,
  });

  return (
    <section className="documents-admin">
      <PageHeader title={t('admin.documents.title')} />
      <p className="documents-admin__intro bp6-text-muted">{t('admin.documents.intro')}</p>
      <div className="documents-admin__grid">
        <Card compact className="documents-admin__side">
          <nav aria-label={t('admin.documents.list')}>
            <ListView listId={DOCUMENTS_LIST} headingLevel={2} />
          </nav>
        </Card>

        <div className="documents-admin__detail">
          {!selected && (
            <Card className="documents-admin__empty">
              <NonIdealState
                icon="code"
                title={t('admin.documents.pickTitle')}
                description={t('admin.documents.pick')}
              />
            </Card>
          )}
          {selected && (
            <Card compact className="documents-admin__card">
              <div className="documents-admin__card-head">
                <h2 className="documents-admin__name">
                  <span className="documents-admin__item-kind">{selected.kind}</span>
                  <span>/{selected.id}</span>
                </h2>
              </div>
              <ListView key={name} listId={VERSIONS_LIST} params={selected} headingLevel={3} />
            </Card>
          )}

          {selected && document && (
            <Card compact className="documents-admin__card documents-admin__body">
              <div className="documents-admin__toolbar">
                <div className="documents-admin__toolbar-title">
                  <h2 className="documents-admin__name">{t('admin.documents.body', { version: document.version })}</h2>
                  <StatusTag status={document.status} />
                  {dirty && (
                    <Tag minimal intent="warning" icon="edit">
                      {t('admin.documents.unsaved')}
                    </Tag>
                  )}
                </div>
                {isDraft ? (
                  <ButtonGroup className="documents-admin__actions">
                    <Button
                      icon="floppy-disk"
                      text={t('admin.documents.save')}
                      disabled={busy || !dirty}
                      loading={save.isPending && !publish.isPending}
                      onClick={() => save.mutate()}
                    />
                    <Button
                      icon="endorsed"
                      text={t('admin.documents.validate')}
                      disabled={busy}
                      loading={check.isPending}
                      onClick={() => check.mutate()}
                    />
                    <Button
                      icon="cloud-upload"
                      intent="primary"
                      text={t('admin.documents.publish')}
                      disabled={busy}
                      loading={publish.isPending}
                      onClick={() => setConfirming(true)}
                    />
                  </ButtonGroup>
                ) : (
                  <Button
                    icon="duplicate"
                    intent="primary"
                    text={t('admin.documents.newDraft')}
                    disabled={busy}
                    loading={newDraft.isPending}
                    onClick={() => newDraft.mutate()}
                  />
                )}
              </div>
              {!isDraft && (
                <p className="documents-admin__hint bp6-text-muted">
                  {t(
                    document.status === 'published'
                      ? 'admin.documents.readOnlyPublished'
                      : 'admin.documents.readOnlyRetired',
                  )}
                </p>
              )}
              {isDraft && <p className="documents-admin__hint bp6-text-muted">{t('admin.documents.draftHint')}</p>}
              {problems && (
                <ProblemList
                  problems={problems.list}
                  source={problems.source}
                  onReveal={(path) => editor.current?.reveal(path)}
                />
              )}
              <Suspense
                fallback={
                  <Spinner
                    size={24}
                    className="documents-admin__editor-loading"
                    aria-label={t('admin.documents.loadingEditor')}
                  />
                }
              >
                <JsonEditor
                  key={`${name}/${document.version}/${document.status}`}
                  ref={editor}
                  initialText={savedText}
                  kind={document.kind}
                  readOnly={!isDraft}
                  label={editorLabel}
                  onChange={setText}
                  onSave={() => {
                    if (!busy) save.mutate();
                  }}
                />
              </Suspense>
            </Card>
          )}
          {document?.kind === 'questionnaire' && (
            <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
              <QuestionnairePreview text={text ?? savedText} />
            </Suspense>
          )}
          {selected && version.isError && <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>}
        </div>
      </div>

      <ConfirmAlert
        isOpen={confirming}
        icon="cloud-upload"
        intent="primary"
        confirmButtonText={t('admin.documents.publish')}
        cancelButtonText={t('admin.documents.cancel')}
        canEscapeKeyCancel
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          publish.mutate();
        }}
      >
        <p>{t('admin.documents.publishConfirm', { version: document?.version, name })}</p>
      </ConfirmAlert>
    </section>
  );
}
