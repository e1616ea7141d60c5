import { Button, Callout, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DocumentProblem, ServedDocument } from '../../../../core/documents/document.types';
import type { TipText, TooltipsBody } from '../../../../core/tooltips/tooltip.types';
import { isTooltipId } from '../../../../core/tooltips/tooltip.utils';
import { failureOf } from '../../../api/http';
import { tooltipsKey } from '../../../runtime/tooltips';
import { showToast } from '../../../lib/toaster';
import { createDraft, publishVersion, saveDraft, versionsKey } from '../../documents/documents.api';
import { ProblemList } from '../../documents/ProblemList';
import { TipForm } from './TipForm';
import { ConfirmAlert } from '../../parts/ConfirmAlert';
import { readAgain } from '../../../lib/queryClient';
/** The document the editor works on. */
export const KIND = 'tooltips';
export const ID = 'app';

type Tips = Record<string, TipText>;

/** The editable tips of one version; the selected tip lives in the URL (?tip=). */
export function TipsDraft({ document }: { document: ServedDocument | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const saved: Tips = (document?.body as TooltipsBody | undefined)?.tips ?? {};
  const [tips, setTips] = useState<Tips>(saved);
  const [filter, setFilter] = useState('');
  const [newId, setNewId] = useState('');
  const [problems, setProblems] = useState<DocumentProblem[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const selected = search.get('tip');
  const dirty = JSON.stringify(tips) !== JSON.stringify(saved);
  const isDraft = document?.status === 'draft';

  const select = (id: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('tip', id);
        else next.delete('tip');
        return next;
      },
      { replace: true },
    );
  const failed = (error: unknown) =>
    void showToast(failureOf(error)?.message || t('errors.somethingWentWrong'), 'danger');

  /** The draft holding these tips: the open draft updated, or a new one. */
  const keep = async () => {
    const body = { tips };
    if (isDraft && document) return saveDraft(KIND, ID, document.version, body);
    return createDraft(KIND, ID, body);
  };
  const refresh = () => readAgain(queryClient, versionsKey(KIND, ID));

  const save = useMutation({
    mutationFn: keep,
    onSuccess: async (draft) => {
      void showToast(t('tooltips.editor.saved', { version: draft.version }), 'success', 2500);
      await refresh();
    },
    onError: failed,
  });
  const publish = useMutation({
    mutationFn: async () => {
      const draft = dirty || !isDraft ? await keep() : (document as ServedDocument);
      return publishVersion(KIND, ID, draft.version);
    },
    onSuccess: async (answer) => {
      if ('problems' in answer) return setProblems(answer.problems);
      setProblems(null);
      void showToast(t('tooltips.editor.published', { version: answer.published.version }), 'success');
      await Promise.all([refresh(), readAgain(queryClient, tooltipsKey)]);
    },
    onError: failed,
  });

  const ids = Object.keys(tips)
    .filter((id) => id.toLowerCase().includes(filter.trim().toLowerCase()))
    .sort();
  const idProblem = newId === '' ? null : !isTooltipId(newId) ? 'invalidId' : tips[newId] ? 'exists' : null;
  const add = () => {
    if (newId === '' || idProblem) return;
    setTips({ ...tips, [newId]: { en: '', tr: '' } });
    setNewId('');
    select(newId);
  };
  const remove = (id: string) => {
    const { [id]: _removed, ...rest } = tips;
    setTips(rest);
    select(null);
  };
  const busy = save.isPending || publish.isPending;
  const status = document
    ? t(isDraft ? 'tooltips.editor.statusDraft' : 'tooltips.editor.statusPublished', { version: document.version })
    : t('tooltips.editor.statusNone');

  return (
    <div className="tips-editor">
      <div className="tips-editor__bar">
        <Tag minimal round intent={isDraft ? 'warning' : 'success'}>
          {status}
        </Tag>
        {dirty && (
          <Tag minimal round>
            {t('tooltips.editor.unsaved')}
          </Tag>
        )}
        <span className="tips-editor__spacer" />
        <Button
          icon="floppy-disk"
          text={t('tooltips.editor.saveDraft')}
          disabled={!dirty || busy}
          loading={save.isPending}
          onClick={() => save.mutate()}
        />
        <Button
          intent="primary"
          icon="cloud-upload"
          text={t('tooltips.editor.publish')}
          disabled={busy || (!dirty && !isDraft)}
          loading={publish.isPending}
          onClick={() => setConfirming(true)}
        />
      </div>
      {problems && (
        <ProblemList
          problems={problems}
          source="publish"
          onReveal={(path) => select(decodeURIComponent(path.split('/')[3] ?? '') || null)}
        />
      )}
      <div className="tips-editor__grid">
        <div className="tips-editor__list">
          <InputGroup
            leftIcon="search"
            placeholder={t('tooltips.editor.filter')}
            aria-label={t('tooltips.editor.filter')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <HTMLTable compact interactive className="tips-editor__table">
            <thead>
              <tr>
                <th>{t('tooltips.editor.dataId')}</th>
              </tr>
            </thead>
            <tbody>
              {ids.map((id) => (
                <tr key={id} className={id === selected ? 'tips-editor__row--selected' : undefined}>
                  <td>
                    <Button
                      variant="minimal"
                      alignText="start"
                      fill
                      text={id}
                      active={id === selected}
                      onClick={() => select(id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {ids.length === 0 && <p className="bp6-text-muted">{t('tooltips.editor.none')}</p>}
          <div className="tips-editor__add">
            <InputGroup
              aria-label={t('tooltips.editor.newId')}
              placeholder={t('tooltips.editor.newId')}
              value={newId}
              intent={idProblem ? 'danger' : 'none'}
              onChange={(event) => setNewId(event.target.value.trim())}
              onKeyDown={(event) => event.key === 'Enter' && add()}
            />
            <Button
              icon="add"
              text={t('tooltips.editor.add')}
              disabled={newId === '' || idProblem !== null}
              onClick={add}
            />
          </div>
          {idProblem && (
            <Callout intent="danger" compact>
              {t(`tooltips.editor.${idProblem}`)}
            </Callout>
          )}
        </div>
        {selected && tips[selected] ? (
          <TipForm
            id={selected}
            tip={tips[selected]}
            onChange={(tip) => setTips({ ...tips, [selected]: tip })}
            onRemove={() => remove(selected)}
          />
        ) : (
          <p className="bp6-text-muted">{t('tooltips.editor.pick')}</p>
        )}
      </div>
      <ConfirmAlert
        isOpen={confirming}
        intent="primary"
        confirmButtonText={t('tooltips.editor.publish')}
        cancelButtonText={t('page.cancel')}
        onConfirm={() => {
          setConfirming(false);
          publish.mutate();
        }}
        onCancel={() => setConfirming(false)}
      >
        {t('tooltips.editor.publishConfirm')}
      </ConfirmAlert>
    </div>
  );
}
