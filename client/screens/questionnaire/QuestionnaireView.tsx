import { Button, Callout, H2, ProgressBar } from '@blueprintjs/core';
import { memo, type ReactNode, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compileQuestionnaire } from '../../../core/questionnaire/questionnaire';
import type { Answers, Item, QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { resolveText } from '../../i18n/text';
import { type AnswerStore, createAnswerStore, PROGRESS, SECTIONS } from './answerStore';
import { FieldItem } from './FieldItem';
import { QuestionItem } from './QuestionItem';
import { StoreContext, TextContext, useSlot, useVisible, type ViewText } from './storeHooks';
import { TableItem } from './TableItem';
import './questionnaire.css';

export interface QuestionnaireViewProps {
  body: QuestionnaireBody;
  initialAnswers?: Answers;
  /** Called on every change of an answer (the server slice saves it; here it may be kept in memory). */
  onAnswer?: (id: string, value: unknown) => void;
  /** Called at submit with the answers when the whole-document check finds no problem. */
  onSubmit?: (answers: Answers) => void;
  /** The section to open on (e.g. where the user left off); the first visible one otherwise. */
  initialSection?: string;
  /** Told the id of the section on screen, at first and after each move (to keep it in the address). */
  onSection?: (sectionId: string) => void;
  /** Opens this section and focuses `item` there (a new object each time: jump to a problem's item). */
  jumpTo?: { section: string; item?: string };
  /** Answers the server found missing or refused at completion: the progress says so instead. */
  outstanding?: number;
  /** Shown on the last page instead of the answer check (e.g. a completion that the server judges). */
  footer?: ReactNode;
}

/**
 * Items of a section drawn with the page; a longer section draws the rest right after, in a
 * transition (interruptible: the first screenful is painted and answerable before them).
 */
const FIRST_ITEMS = 10;

/** How many items of the section on screen are drawn: FIRST_ITEMS at first, then all of them. */
function useDrawnItems(section: { id: string; items: readonly unknown[] } | undefined): number {
  const [drawn, setDrawn] = useState<{ section?: string; count: number }>({ count: FIRST_ITEMS });
  const count = drawn.section === section?.id ? drawn.count : FIRST_ITEMS;
  const total = section?.items.length ?? 0;
  useEffect(() => {
    if (!section || count >= total) return;
    startTransition(() => setDrawn({ section: section.id, count: total }));
  }, [section, count, total]);
  return count;
}

/** An item while it is visible (its visibility is its own slot: flips notify only it). */
const ItemView = memo(function ItemView({ item }: { item: Item }) {
  const visible = useVisible(item.id);
  if (!visible) return null;
  if (item.type === 'question') return <QuestionItem question={item} />;
  if (item.type === 'field') return <FieldItem field={item} />;
  return <TableItem table={item} />;
});

/** Answered questions; after a refused completion, how many the server found missing or refused. */
function Progress({ outstanding = 0 }: { outstanding?: number }) {
  const { t } = useTranslation();
  const { answered, total } = useSlot(PROGRESS, (s) => s.progress());
  // the count is of questions only: "27 of 27" would claim a finished form the server just refused
  const label =
    outstanding > 0
      ? t('questionnaire.progressOutstanding', { count: outstanding, answered, total })
      : t('questionnaire.progress', { answered, total });
  return (
    <div className="questionnaire__progress">
      <ProgressBar
        value={total ? answered / total : 0}
        stripes={false}
        intent={outstanding > 0 ? 'warning' : 'primary'}
        aria-label={label}
      />
      <span>{label}</span>
    </div>
  );
}

/** The first control of an item (its input, a radio, a table's first cell or Add row), else the item. */
function focusItem(root: HTMLElement | null, item: string): boolean {
  const element = [...(root?.querySelectorAll<HTMLElement>('[data-item]') ?? [])].find((e) => e.dataset.item === item);
  if (!element) return false;
  const control = element.querySelector<HTMLElement>('input, select, textarea, button');
  (control ?? element).focus();
  element.scrollIntoView?.({ block: 'center' });
  return true;
}

/** Visible sections, as the index list paging walks; re-read only when a section's visibility may flip. */
function useVisibleSections(): number[] {
  const key = useSlot(SECTIONS, (s) =>
    s.compiled.body.sections
      .map((section, index) => (section.items.some((item) => s.isVisible(item.id)) ? index : -1))
      .filter((index) => index >= 0)
      .join(','),
  );
  return useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
}

function Submit({ store, onSubmit }: { store: AnswerStore; onSubmit?: (answers: Answers) => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ problems: number; missing: number } | null>(null);
  return (
    <div className="questionnaire__submit">
      <Button
        intent="primary"
        onClick={() => {
          const checked = store.checkNow();
          setResult({ problems: checked.problems.length, missing: checked.missing.length });
          if (checked.problems.length === 0) onSubmit?.(store.snapshot());
        }}
      >
        {t('questionnaire.check')}
      </Button>
      {result && (
        <Callout intent={result.problems ? 'danger' : result.missing ? 'warning' : 'success'} role="status">
          {t('questionnaire.checkResult', result)}
        </Callout>
      )}
    </div>
  );
}

/**
 * A questionnaire document section by section: compiled once per document, answers in a store
 * outside React so a change re-renders only the items it concerns (issue 9 'Performance').
 */
export function QuestionnaireView({
  body,
  initialAnswers,
  onAnswer,
  onSubmit,
  initialSection,
  onSection,
  jumpTo,
  outstanding,
  footer,
}: QuestionnaireViewProps) {
  // one store per document (and per onAnswer): answers live in it, not in React state
  const store = useMemo(
    () => createAnswerStore(compileQuestionnaire(body), initialAnswers ?? {}, onAnswer),
    [body, initialAnswers, onAnswer],
  );
  useEffect(() => () => store.dispose(), [store]);
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const text = useMemo<ViewText>(
    () => ({ t, language, text: (value) => resolveText(value, t, language) }),
    [t, language],
  );
  return (
    <StoreContext.Provider value={store}>
      <TextContext.Provider value={text}>
        <Pages
          store={store}
          onSubmit={onSubmit}
          initialSection={initialSection}
          onSection={onSection}
          jumpTo={jumpTo}
          outstanding={outstanding}
          footer={footer}
        />
      </TextContext.Provider>
    </StoreContext.Provider>
  );
}

/** One page per visible section, with progress and previous / next. */
function Pages({
  store,
  onSubmit,
  initialSection,
  onSection,
  jumpTo,
  outstanding,
  footer,
}: { store: AnswerStore } & Pick<
  QuestionnaireViewProps,
  'onSubmit' | 'initialSection' | 'onSection' | 'jumpTo' | 'outstanding' | 'footer'
>) {
  const { t, i18n } = useTranslation();
  const body = store.compiled.body;
  const sections = useVisibleSections();
  const [page, setPage] = useState(() =>
    Math.max(
      sections.findIndex((index) => body.sections[index].id === initialSection),
      0,
    ),
  );
  const at = Math.min(page, Math.max(sections.length - 1, 0));
  const section = body.sections[sections[at] ?? 0];
  const go = (next: number) => {
    setPage(next);
    window.scrollTo?.(0, 0);
  };
  // focus waits for the item to be drawn (its page open, a long section's rest drawn)
  const root = useRef<HTMLDivElement>(null);
  const [focusing, setFocusing] = useState<string>();
  const tell = useRef(onSection);
  tell.current = onSection;
  const drawn = useDrawnItems(section);
  const sectionId = section?.id;
  useEffect(() => {
    if (sectionId) tell.current?.(sectionId);
  }, [sectionId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a jump happens when asked, not when sections shift
  useEffect(() => {
    if (!jumpTo) return;
    const index = sections.findIndex((candidate) => body.sections[candidate].id === jumpTo.section);
    if (index >= 0) {
      setPage(index);
      window.scrollTo?.(0, 0);
      setFocusing(jumpTo.item);
    }
  }, [jumpTo]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: at and drawn are when the item may have appeared
  useEffect(() => {
    if (focusing && focusItem(root.current, focusing)) setFocusing(undefined);
  }, [focusing, at, drawn]);

  return (
    <div className="questionnaire" ref={root}>
      <Progress outstanding={outstanding} />
      <nav className="questionnaire__pager" aria-label={t('questionnaire.sections')}>
        <Button icon="arrow-left" disabled={at === 0} onClick={() => go(at - 1)}>
          {t('questionnaire.previous')}
        </Button>
        <span>{t('questionnaire.page', { page: at + 1, pages: sections.length })}</span>
        <Button endIcon="arrow-right" disabled={at >= sections.length - 1} onClick={() => go(at + 1)}>
          {t('questionnaire.next')}
        </Button>
      </nav>
      {section && (
        <section className="questionnaire__section" aria-labelledby={`section-${section.id}`}>
          <H2 id={`section-${section.id}`}>{resolveText(section.title, t, i18n.language)}</H2>
          {section.description && <p>{resolveText(section.description, t, i18n.language)}</p>}
          {section.items.slice(0, drawn).map((item) => (
            <ItemView key={item.id} item={item} />
          ))}
        </section>
      )}
      {at === sections.length - 1 && (footer ?? <Submit store={store} onSubmit={onSubmit} />)}
    </div>
  );
}
