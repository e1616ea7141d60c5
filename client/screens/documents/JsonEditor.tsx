import { json, jsonParseLinter } from '@codemirror/lang-json';
import { syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, forceLinting, lintGutter, linter } from '@codemirror/lint';
import { EditorSelection, EditorState, type Extension, StateEffect, StateField } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { jsonSchema } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import type { DocumentProblem } from '../../../core/documents/document.types';
import { isDocumentKind, META_SCHEMAS } from '../../../core/documents/meta-schemas';
import { basicSetup } from 'codemirror';
import { rangeOfPointer } from './jsonPointer';

/** What the screen may ask of the editor. */
export interface JsonEditorHandle {
  /** Marks the server's problems in the text, at their JSON pointers, until the next answer. */
  showProblems(problems: DocumentProblem[]): void;
  /** Selects the spot a JSON pointer names, scrolls to it and focuses the editor. */
  reveal(pointer: string): void;
}

export interface JsonEditorProps {
  /** The text the editor starts with; remount (key) to load another version. */
  initialText: string;
  /** Document kind: its meta-schema drives completion, hover and live schema hints. */
  kind: string;
  readOnly: boolean;
  /** Accessible name of the text area. */
  label: string;
  onChange?: (text: string) => void;
  /** Mod-s in the editor. */
  onSave?: () => void;
  ref?: Ref<JsonEditorHandle>;
}

/** The server's last answer (Validate or a refused Publish), kept as pointers so marks follow edits. */
const setServerProblems = StateEffect.define<DocumentProblem[]>();
const serverProblems = StateField.define<DocumentProblem[]>({
  create: () => [],
  update: (value, tr) =>
    tr.effects.reduce((current, effect) => (effect.is(setServerProblems) ? effect.value : current), value),
});

function diagnosticsFor(state: EditorState): Diagnostic[] {
  return state.field(serverProblems).map((problem) => ({
    ...rangeOfPointer(state, problem.path),
    severity: 'error',
    source: problem.path || '/',
    message: problem.message,
  }));
}

/**
 * CodeMirror 6 on a document body: JSON syntax, parse errors, and — from the kind's meta-schema —
 * completion, hover and live hints (codemirror-json-schema, which validates without generating
 * code, so it runs under the server's CSP). The server's validation stays the authority: its
 * problems are shown with showProblems. Lives in its own chunk; the screen loads it lazily.
 */
export default function JsonEditor({ initialText, kind, readOnly, label, onChange, onSave, ref }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onSave });
  callbacks.current = { onChange, onSave };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once per mount; later text arrives through the view, not by re-creating it
  useEffect(() => {
    if (!host.current) return;
    const schema = isDocumentKind(kind) ? (META_SCHEMAS[kind] as JSONSchema7) : undefined;
    const language: Extension[] = schema && !readOnly ? [jsonSchema(schema)] : [json(), linter(jsonParseLinter())];
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          basicSetup,
          EditorState.tabSize.of(2),
          language,
          serverProblems,
          linter((editorView) => diagnosticsFor(editorView.state), {
            needsRefresh: (update) =>
              update.transactions.some((tr) => tr.effects.some((effect) => effect.is(setServerProblems))),
          }),
          lintGutter(),
          syntaxHighlighting(classHighlighter),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          // a read-only body is not editable, so not focusable: tabindex keeps its scroll area in keyboard reach
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': String(readOnly), tabindex: '0' }),
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                callbacks.current.onSave?.();
                return true;
              },
            },
          ]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // created once per mount: the screen remounts the editor (key) for another version
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      showProblems(problems) {
        const current = view.current;
        if (!current) return;
        current.dispatch({ effects: setServerProblems.of(problems) });
        forceLinting(current);
      },
      reveal(pointer) {
        const current = view.current;
        if (!current) return;
        const { from, to } = rangeOfPointer(current.state, pointer);
        current.dispatch({
          selection: EditorSelection.single(from, to),
          effects: EditorView.scrollIntoView(from, { y: 'center' }),
        });
        current.focus();
      },
    }),
    [],
  );

  return <div ref={host} className="json-editor" data-testid="json-editor" />;
}
