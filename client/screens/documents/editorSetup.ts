import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { bracketMatching, foldGutter, foldKeymap, getIndentation, indentOnInput, indentString } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { type ChangeSet, EditorSelection, EditorState, type Extension, Transaction } from '@codemirror/state';
import {
  type Command,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';

/** Typing within this many ms of the previous change is undone with it. */
const GROUP_MS = 600;

interface Step {
  /** Takes the document back (applies to the document after the step). */
  inverse: ChangeSet;
  selection: EditorSelection;
  at: number;
}

/**
 * Undo and redo (Mod-z, Mod-y / Mod-Shift-z). The installed CodeMirror 6 packages do not include
 * @codemirror/commands, so this is the small history the editor needs: inverted change sets,
 * typing grouped by time, and a fresh redo stack after any new edit.
 */
function history(): Extension {
  const undone: Step[] = [];
  const redone: Step[] = [];
  const replay = (from: Step[], to: Step[]): Command => (view) => {
    const step = from.pop();
    if (!step) return false;
    to.push({ inverse: step.inverse.invert(view.state.doc), selection: view.state.selection, at: 0 });
    view.dispatch({
      changes: step.inverse,
      selection: step.selection,
      annotations: [Transaction.addToHistory.of(false), Transaction.userEvent.of(from === undone ? 'undo' : 'redo')],
      scrollIntoView: true,
    });
    return true;
  };
  return [
    EditorView.updateListener.of((update) => {
      for (const tr of update.transactions) {
        if (!tr.docChanged || tr.annotation(Transaction.addToHistory) === false) continue;
        const inverse = tr.changes.invert(tr.startState.doc);
        const last = undone.at(-1);
        const now = Date.now();
        if (last && now - last.at < GROUP_MS && tr.isUserEvent('input.type')) {
          undone[undone.length - 1] = { inverse: inverse.compose(last.inverse), selection: last.selection, at: now };
        } else {
          undone.push({ inverse, selection: tr.startState.selection, at: now });
        }
        redone.length = 0;
      }
    }),
    keymap.of([
      { key: 'Mod-z', run: replay(undone, redone), preventDefault: true },
      { key: 'Mod-y', run: replay(redone, undone), preventDefault: true },
      { key: 'Mod-Shift-z', run: replay(redone, undone), preventDefault: true },
    ]),
  ];
}

/** Enter keeps the indentation the JSON grammar asks for. */
const newlineAndIndent: Command = (view) => {
  const { state } = view;
  if (state.readOnly) return false;
  view.dispatch(
    state.changeByRange((range) => {
      const insert = `\n${indentString(state, getIndentation(state, range.from) ?? 0)}`;
      return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
    }),
    { scrollIntoView: true, userEvent: 'input' },
  );
  return true;
};

/** Mod-a selects the whole document, not only the lines CodeMirror has rendered. */
const selectAll: Command = (view) => {
  view.dispatch({ selection: EditorSelection.single(0, view.state.doc.length), userEvent: 'select' });
  return true;
};

/** What basicSetup would give, from the CodeMirror 6 packages that are installed. */
export function editorSetup(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    EditorState.tabSize.of(2),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    highlightActiveLine(),
    history(),
    keymap.of([
      { key: 'Enter', run: newlineAndIndent },
      { key: 'Mod-a', run: selectAll },
      ...closeBracketsKeymap, ...completionKeymap, ...foldKeymap, ...lintKeymap]),
  ];
}
