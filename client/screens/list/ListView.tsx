import { Button, Callout, Card, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../shell/useCanOpen';
import type { ListAction, ListBody } from '../../../core/lists/list.types';
import { actionAppliesTo, permittedActions, visibleColumns } from '../../../core/lists/list.utils';
import { definedParams, fillPath } from '../../../core/routes/route.utils';
import { failureOf } from '../../api/http';
import { resolveText, translateCode } from '../../i18n/text';
import { useAppConfig } from '../../runtime/appConfig';
import { displayZone } from '../../runtime/dates';
import { numberFormat } from '../../runtime/numberFormat';
import { useDateFormat } from '../../runtime/useDateFormat';
import { useSession } from '../../session/useSession';
import { showToast } from '../../lib/toaster';
import { useSubject } from '../../shell/useSubject';
import { LiveEvent } from '../parts/LiveEvent';
import { PageHeader } from '../parts/PageHeader';
import type { CellContext } from './columnTypes';
import { exportToXlsx } from './exportXlsx';
import { ImportAction } from './ImportAction';
import { ListTable } from './ListTable';
import { listKey, queryOfState, type Row, useListPage } from './listQuery';
import { type ExportProgress, exportShare, pageFacts } from './pageFacts';
import { prepareOrders } from './sortedRows';
import { type ActionTarget, useActionRunner } from './useActionRunner';
import { useListDocument } from './useListDocument';
import { useListState } from './useListState';
import { ValuesForm } from './ValuesForm';
import './list.css';
import { readAgain } from '../../lib/queryClient';

export interface ListViewProps {
  listId: string;
  /** The route's params: they fill `:param`s of the source and action paths. */
  params?: Record<string, string | undefined>;
  /** A path to read the rows from instead of the document's `source` (a page's list panel may name one). */
  source?: string;
  /** Keep page, sort and filters in the URL query (the list screen); off for a list inside a page. */
  syncUrl?: boolean;
  /** The level of the list's title: 1 on its own screen (default), 2 or 3 inside another screen. */
  headingLevel?: 1 | 2 | 3;
}

/** A list document, loaded by id and rendered (the list screen; a page panel can embed it too). */
export function ListView({ listId, params, source, syncUrl = false, headingLevel = 1 }: ListViewProps) {
  const { t } = useTranslation();
  const document = useListDocument(listId);
  const loaded = document.data?.body;
  const body = useMemo(() => (loaded && source ? { ...loaded, source: { path: source } } : loaded), [loaded, source]);
  if (document.isPending) return <Spinner aria-label={t('shell.loading')} />;
  if (document.isError || !body)
    return (
      <Callout intent="danger">
        {t(failureOf(document.error)?.status === 404 ? 'errors.documentNotFound' : 'errors.dataCouldNotBeLoaded')}
      </Callout>
    );
  return <LoadedList listId={listId} body={body} params={params} syncUrl={syncUrl} headingLevel={headingLevel} />;
}

/** Every list exports its rows to xlsx (issue 26); `export.fileName` only names the file, else the list's id does. */
function exportFileName(listId: string, body: ListBody): string {
  return body.export?.fileName ?? listId.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** No row selected: one object, so what depends on the selection holds while nothing is. */
const NOTHING_SELECTED: RowSelectionState = {};

interface LoadedListProps extends ListViewProps {
  body: ListBody;
}

function LoadedList({ listId, body, params, syncUrl = false, headingLevel = 1 }: LoadedListProps) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const session = useSession();
  const subject = useSubject();
  const { roleGroups, shell } = useAppConfig();
  const routeParams = useMemo(() => definedParams(params), [params]);
  const zone = displayZone(session.user?.timezone, shell.defaultTimezone);
  const dateFormat = useDateFormat();
  const cellContext = useMemo<CellContext>(
    () => ({ t, language: i18n.language, zone, dateFormat }),
    [t, i18n.language, zone, dateFormat],
  );
  // translated once, not at every render (a header click renders the list again)
  const title = useMemo(() => resolveText(body.title, t, i18n.language), [body.title, t, i18n.language]);
  const exportText = useMemo(() => t('list.export'), [t]);

  const [state, update] = useListState(body, syncUrl);
  const canOpen = useCanOpen();
  // a link the user's route guard refuses would only show "No permission": the value stays as text
  const columns = useMemo(
    () =>
      visibleColumns(body.columns, subject).map((column) =>
        column.link && !canOpen(column.link) ? { ...column, link: undefined } : column,
      ),
    [body.columns, subject, canOpen],
  );
  const rowLink = body.rowLink && canOpen(body.rowLink) ? body.rowLink : undefined;
  const path = fillPath(body.source.path, routeParams);
  const query = useMemo(() => queryOfState(body, state, zone), [body, state, zone]);
  const { page, data } = useListPage(listId, path, query, body.live);
  const queryClient = useQueryClient();
  const rows = data?.items ?? [];
  const facts = pageFacts(data ?? { total: 0 }, rows.length, state.page, state.pageSize);
  const total = facts.total;
  // past the last page (rows were removed, or an old link): go to the last page there is — with a
  // capped total only an empty page is past the end, and the last page known is the cap's
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / state.pageSize));
  const beyondEnd =
    page.isSuccess && !page.isPlaceholderData && state.page > lastPage && (!facts.atLeast || rows.length === 0);
  useEffect(() => {
    if (beyondEnd) update({ page: lastPage });
  }, [beyondEnd, lastPage, update]);

  // a page holding every row: the orders a header click can ask for are sorted while the browser is idle
  const complete = page.isSuccess && state.page === 1 && rows.length > 1 && rows.length === total;
  const sortFields = useMemo(
    () => columns.filter((column) => column.sortable).map((column) => column.field),
    [columns],
  );
  useEffect(
    () => (complete ? prepareOrders(rows, sortFields, query.sort) : undefined),
    [complete, rows, sortFields, query.sort],
  );

  // a new page, sort or filter shows other rows: what was selected is no longer in view. Kept with the
  // query it was made under, so a header click renders the list once (no state set while rendering),
  // and dropped once the query has moved: coming back to that query shows nothing selected either
  const queryKey = JSON.stringify(query);
  const [selected, setSelected] = useState<{ query: string; rows: RowSelectionState }>(() => ({
    query: queryKey,
    rows: NOTHING_SELECTED,
  }));
  const selection = selected.query === queryKey ? selected.rows : NOTHING_SELECTED;
  const stale = selected.query !== queryKey && selected.rows !== NOTHING_SELECTED;
  useEffect(() => {
    if (stale) setSelected({ query: queryKey, rows: NOTHING_SELECTED });
  }, [stale, queryKey]);
  const setSelection = useCallback((rows: RowSelectionState) => setSelected({ query: queryKey, rows }), [queryKey]);
  const clearSelection = useCallback(() => setSelected((now) => ({ query: now.query, rows: NOTHING_SELECTED })), []);
  const runner = useActionRunner(listId, routeParams, clearSelection);

  const rowActions = useMemo(() => permittedActions(body.rowActions, subject, roleGroups), [body, subject, roleGroups]);
  const bulkActions = useMemo(
    () => permittedActions(body.bulkActions, subject, roleGroups),
    [body, subject, roleGroups],
  );
  const toolbar = useMemo(() => permittedActions(body.toolbar, subject, roleGroups), [body, subject, roleGroups]);
  const userId = session.user ? String(session.user.id) : null;
  const user = useMemo(
    () => ({ id: userId, roles: subject.roles, permissions: subject.permissions }),
    [userId, subject],
  );
  const actionsFor = useCallback(
    (row: Row) => rowActions.filter((action) => actionAppliesTo(action, { row, user })),
    [rowActions, user],
  );
  // stable, so the memoised rows do not render again for every render of the list
  const { request } = runner;
  const onAction = useCallback((action: ListAction, row: Row) => request(action, { row }), [request]);
  const selectedRows = useMemo(
    () => (Object.keys(selection).length === 0 ? [] : rows.filter((row) => selection[String(row.id)])),
    [rows, selection],
  );
  // a bulk action is offered when it applies to every selected row
  const bulkApplies = (action: ListAction) => selectedRows.every((row) => actionAppliesTo(action, { row, user }));

  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const exportFile = exportFileName(listId, body);
  const startExport = async () => {
    // shell §8 'Excel download': a toast when it starts, one when it is saved or failed
    void showToast(t('download.excelStarted'), 'primary');
    setProgress({ done: 0, total, capped: facts.atLeast });
    try {
      const count = await exportToXlsx({
        path,
        query: { filter: query.filter, sort: query.sort },
        columns,
        context: cellContext,
        fileName: exportFile,
        sheetName: title,
        onProgress: (done, all, capped) => setProgress({ done, total: all, capped }),
      });
      void showToast(t('list.exported', { count }), 'success');
    } catch {
      void showToast(t('list.exportFailed'), 'danger');
    } finally {
      setProgress(null);
    }
  };

  const actionButton = (action: ListAction, target: ActionTarget, disabled = false) => (
    <Button
      key={action.id}
      icon={action.icon as never}
      intent={action.intent ?? 'none'}
      text={resolveText(action.title, t, i18n.language)}
      disabled={disabled}
      loading={runner.running === `${action.id}:`}
      onClick={() => runner.request(action, target)}
    />
  );

  const failure = failureOf(page.error);
  const filtered = Object.keys(state.filters).length > 0 || Object.keys(state.form).length > 0;
  return (
    <section className="list-view" aria-busy={page.isFetching}>
      {body.live?.event && (
        <LiveEvent event={body.live.event} onEvent={() => void readAgain(queryClient, listKey(listId))} />
      )}
      <PageHeader title={title} level={headingLevel}>
        <div className="list-view__toolbar">
          {toolbar.map((action) =>
            action.import ? <ImportAction key={action.id} action={action} listId={listId} /> : actionButton(action, {}),
          )}
          <Button
            icon="export"
            text={exportText}
            disabled={progress !== null || total === 0}
            onClick={() => void startExport()}
          />
        </div>
      </PageHeader>
      {progress && (
        <div className="list-view__progress" role="status">
          <span>
            {t(progress.capped ? 'list.exportingCapped' : 'list.exporting', {
              done: number.format(progress.done),
              total: number.format(progress.total),
            })}
          </span>
          <ProgressBar intent="primary" value={exportShare(progress)} aria-label={exportText} />
        </div>
      )}
      {body.filters?.form && (
        <Card className="list-view__filter-form" compact>
          <ValuesForm
            key={JSON.stringify(state.form)}
            formId={body.filters.form}
            initialData={state.form}
            submitText="list.applyFilters"
            onValues={(values) => update({ form: values })}
          >
            <Button text={t('list.clearFilters')} onClick={() => update({ form: {} })} />
          </ValuesForm>
        </Card>
      )}
      {selectedRows.length > 0 && bulkActions.length > 0 && (
        <div className="list-view__bulk" role="toolbar" aria-label={t('list.bulkActions')}>
          <span>{t('list.selected', { count: selectedRows.length })}</span>
          {bulkActions.map((action) => actionButton(action, { rows: selectedRows }, !bulkApplies(action)))}
        </div>
      )}
      {page.isError && (
        <Callout intent="danger" className="list-view__error">
          {failure && failure.status < 500 ? translateCode(failure.code, t, i18n) : t('errors.dataCouldNotBeLoaded')}{' '}
          <Button variant="minimal" text={t('list.retry')} onClick={() => void page.refetch()} />
          {filtered && (
            <Button variant="minimal" text={t('list.clearFilters')} onClick={() => update({ filters: {}, form: {} })} />
          )}
        </Callout>
      )}
      {page.isPending && !data ? (
        <Spinner aria-label={t('shell.loading')} />
      ) : (
        <div
          className={
            page.isPlaceholderData && !data?.resorted ? 'list-view__table list-view__table--stale' : 'list-view__table'
          }
        >
          <ListTable
            label={title}
            columns={columns}
            rows={rows}
            facts={facts}
            state={state}
            update={update}
            selectable={bulkActions.length > 0}
            selection={selection}
            onSelectionChange={setSelection}
            actionsFor={actionsFor}
            hasRowActions={rowActions.length > 0}
            onAction={onAction}
            running={runner.running}
            rowLink={rowLink}
            cellContext={cellContext}
            empty={
              !page.isError && rows.length === 0 ? (
                <NonIdealState
                  className="list-view__empty"
                  icon={filtered ? 'filter-remove' : 'inbox'}
                  title={filtered ? t('list.noMatch') : resolveText(body.empty ?? 'list.empty', t, i18n.language)}
                  action={
                    filtered ? (
                      <Button text={t('list.clearFilters')} onClick={() => update({ filters: {}, form: {} })} />
                    ) : undefined
                  }
                />
              ) : null
            }
          />
        </div>
      )}
      {runner.dialogs}
    </section>
  );
}
