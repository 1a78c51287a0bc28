import type { Api } from 'datatables.net';
import { CELL_EDITING_CLASS, columnFieldName, type WidgetLibColumn } from '../core/index.js';
import { loadRemoteSelect } from '../filters/remote-select.loader.js';
import type { RemoteSelect } from '../filters/remote-select.types.js';
import { buildCellEditor, EDITOR_CLASS, type CellEditor } from './cell-editor.component.js';
import { InlineCellFocus } from './inline-cell-focus.component.js';
import { buildInlineConflict } from './inline-conflict.component.js';
import type { InlineEditingControl, InlineEditingSetup } from './inline-editing.options.js';
import { saveCell, type InlineSaveOutcome } from './inline-save.client.js';
import {
  cellEditorKind,
  editedValue,
  ifMatchHeader,
  recordUrl,
  shownValue,
  type CellEditorKind,
} from './inline-value.parser.js';

type Row = Record<string, unknown>;

export const EDITABLE_CLASS = 'widgetlib-inline-editable';
const ANNOUNCER_SELECTOR = '.widgetlib-table-announcer';
let tables = 0;

/** The field a column edits: its `data` when that is a property name, else its `name`. */
function editedField(column: WidgetLibColumn): string | null {
  return typeof column.data === 'string' && column.data !== '' ? column.data : columnFieldName(column);
}

/** One open editor. */
interface OpenEdit {
  cell: HTMLTableCellElement;
  rowIndex: number;
  row: Row;
  /** The row's member the cell shows, and the field a save sends (the same, or a relation's id). */
  data: string;
  field: string;
  column: WidgetLibColumn;
  kind: CellEditorKind;
  editor: CellEditor;
  /** The remote search on the editor's select, once loaded. */
  remote?: RemoteSelect;
}

/**
 * Edits the `editable` columns' cells in place (double-click, or Enter or F2 on a focused cell):
 * Enter saves through the row's `PATCH` (with `If-Match`), Escape cancels, the server's words show
 * beside the cell, a newer version of the row (412) offers "Keep mine" and "Take theirs", and the
 * row is drawn again from the answer. Cells are editable only while the user may update.
 */
export function installInlineEditing(api: Api, setup: InlineEditingSetup): InlineEditingControl {
  const doc = api.table().node().ownerDocument;
  const prefix = `widgetlib-inline-${++tables}`;
  const editableColumns = setup.columns.flatMap((column, index) => {
    const data = editedField(column);
    const names = [data, columnFieldName(column)].filter((name) => name !== null);
    const entry = setup.editable.find((each) => names.includes(typeof each === 'string' ? each : each.column));
    if (!data || entry === undefined) return [];
    return [{ index, data, field: typeof entry === 'string' ? data : entry.field }];
  });
  const hint = doc.createElement('span');
  hint.id = `${prefix}-hint`;
  hint.hidden = true;
  let open: OpenEdit | null = null;
  // DataTables' container exists once the table is initialised (a saved state may be loaded first).
  const container = () => api.table().container() as HTMLElement | null;

  const announce = (text: string) => {
    const region = container()?.querySelector(ANNOUNCER_SELECTOR);
    if (region) region.textContent = text;
  };
  // The header's title only: ColumnControl puts its menu button's words in the same cell.
  const title = (index: number) => {
    const header = api.column(index).header();
    return (header.querySelector('.dt-column-title') ?? header).textContent?.trim() ?? '';
  };

  const focus = new InlineCellFocus(api, EDITABLE_CLASS, setup.rowId);

  /** Marks the page's editable cells, each named by its column and value, the Tab stop on one of them. */
  const mark = () => {
    if (!hint.isConnected) container()?.append(hint);
    const texts = setup.texts();
    hint.textContent = texts.inlineEditHint;
    const permitted = setup.permitted();
    for (const { index } of editableColumns) {
      const column = title(index);
      for (const cell of api.column(index, { page: 'current' }).nodes().toArray() as HTMLElement[]) {
        cell.classList.toggle(EDITABLE_CLASS, permitted);
        if (permitted && cell !== open?.cell) {
          const value = cell.textContent?.trim() || texts.inlineEmpty;
          const name = texts.inlineCell.replace('{column}', () => column).replace('{value}', () => value);
          cell.setAttribute('aria-label', name);
          cell.setAttribute('aria-describedby', hint.id);
        } else if (!permitted) {
          for (const name of ['tabindex', 'aria-label', 'aria-describedby']) cell.removeAttribute(name);
        }
      }
    }
    focus.update();
  };

  /** Closes the editor, the cell showing `row` (drawn again) or its value before (`null`); focus back on it. */
  const close = (row: Row | null) => {
    if (!open) return;
    const { cell, rowIndex, remote } = open;
    open = null;
    remote?.destroy();
    cell.classList.remove(CELL_EDITING_CLASS);
    if (row) {
      // The answer is the record; what only the list answers (the row's actions and permissions) stays.
      api.row(rowIndex).data({ ...(api.row(rowIndex).data() as Row), ...row });
      setup.rowRedrawn(api.row(rowIndex).node() as HTMLElement);
    } else {
      api.cell(cell).invalidate();
    }
    mark();
    cell.focus();
  };

  const settle = (edit: OpenEdit, sent: unknown, outcome: InlineSaveOutcome) => {
    const texts = setup.texts();
    const failed = (messages: readonly string[]) => {
      edit.editor.busy(false);
      edit.editor.showErrors([texts.inlineFailed, ...messages]);
      announce('');
      edit.editor.control.focus();
    };
    switch (outcome.kind) {
      case 'saved':
        close(outcome.row);
        announce(texts.inlineSaved.replace('{column}', title(api.cell(edit.cell).index().column)));
        return;
      case 'invalid':
        return failed(outcome.messages);
      case 'forbidden':
        return failed([texts.forbidden]);
      case 'signed-out':
        return failed([texts.signedOut]);
      case 'failed':
        return failed(outcome.messages);
      case 'conflict':
        return showConflict(edit, sent, outcome.current);
    }
  };

  const save = async (edit: OpenEdit, sent: unknown) => {
    edit.editor.busy(true);
    edit.editor.showErrors([]);
    announce(setup.texts().inlineSaving);
    const id = edit.row[setup.rowId];
    const key = typeof id === 'number' ? id : String(id);
    const url = recordUrl(setup.url, key, doc.baseURI);
    const outcome = await saveCell(
      url,
      { [edit.field]: sent },
      ifMatchHeader(edit.row, setup.rowVersion),
      setup.csrf,
      key,
    );
    if (open === edit) settle(edit, sent, outcome);
  };

  const showConflict = (edit: OpenEdit, sent: unknown, current: Row) => {
    const texts = setup.texts();
    const words = { empty: texts.inlineEmpty, yes: texts.yes, no: texts.no };
    edit.row = current;
    edit.editor.busy(false);
    // The conflict's message is an alert of its own: "Saving…" no longer holds.
    announce('');
    const view = buildInlineConflict(doc, {
      idPrefix: prefix,
      texts,
      theirs: shownValue(current[edit.data], edit.column.choices, words),
      // A select's choice as its label; a remote search's choice is known by its label only.
      mine:
        edit.editor.control instanceof HTMLSelectElement
          ? (edit.editor.control.selectedOptions[0]?.text ?? words.empty)
          : shownValue(sent, edit.column.choices, words),
      keepMine: () => {
        view.remove();
        void save(edit, sent);
      },
      takeTheirs: () => {
        close(current);
        announce(texts.inlineCancelled);
      },
    });
    edit.editor.element.append(view);
    view.querySelector('button')?.focus();
  };

  const start = (cell: HTMLTableCellElement) => {
    if (open?.cell === cell || !cell.classList.contains(EDITABLE_CLASS)) return;
    if (open) close(null);
    const { row: rowIndex, column: columnIndex } = api.cell(cell).index();
    const found = editableColumns.find(({ index }) => index === columnIndex);
    const column = setup.columns[columnIndex];
    if (!found || !column) return;
    const row = api.row(rowIndex).data() as Row;
    const kind = cellEditorKind(column);
    const label = setup.texts().inlineEditor.replace('{column}', title(columnIndex));
    const value = { raw: row[found.data], shown: cell.textContent?.trim() ?? '' };
    const editor = buildCellEditor(doc, kind, column, value, label, `${prefix}-${rowIndex}-${columnIndex}`);
    const edit: OpenEdit = { cell, rowIndex, row, data: found.data, field: found.field, column, kind, editor };
    open = edit;
    cell.classList.add(CELL_EDITING_CLASS);
    cell.replaceChildren(editor.element);
    editor.element.addEventListener('keydown', (event) => {
      event.stopPropagation();
      if (event.key === 'Escape') {
        event.preventDefault();
        // After a conflict the row is drawn as the server has it now.
        close(edit.row === row ? null : edit.row);
        announce(setup.texts().inlineCancelled);
      } else if (
        event.key === 'Enter' &&
        !event.defaultPrevented &&
        !(event.target instanceof HTMLButtonElement) &&
        !editor.control.disabled
      ) {
        event.preventDefault();
        void save(edit, editedValue(kind, editor.value(), column.choices));
      }
    });
    for (const type of ['click', 'dblclick', 'mousedown'])
      editor.element.addEventListener(type, (e) => e.stopPropagation());
    editor.control.focus();
    if (editor.control instanceof HTMLInputElement && editor.control.type === 'text') editor.control.select();
    if (kind === 'remote') void startRemote(edit, label);
  };

  /** Puts the remote search (Tom Select, loaded on first use) on a relation's editor. */
  const startRemote = async (edit: OpenEdit, label: string) => {
    const select = edit.editor.control as HTMLSelectElement;
    try {
      const { createRemoteSelect } = await loadRemoteSelect();
      if (open !== edit) return;
      const texts = setup.texts();
      edit.remote = createRemoteSelect(select, {
        url: edit.column.url,
        choices: edit.column.choices ?? [],
        texts,
        changed: () => undefined,
      });
      // The search's input is the control now: the select under it leaves the accessibility tree.
      select.setAttribute('aria-hidden', 'true');
      const input = edit.editor.element.querySelector<HTMLInputElement>('input');
      input?.setAttribute('aria-label', label);
      input?.focus();
    } catch (error) {
      console.warn('widgetlib inline editing:', error);
      edit.editor.showErrors([setup.texts().partUnavailable]);
    }
  };

  // On the table element, which exists before DataTables has built the rest.
  const table = api.table().node();
  const cellOf = (event: Event) => {
    const target = event.target as Element | null;
    const cell = target?.closest(`.${EDITOR_CLASS}`) ? null : (target?.closest('td') ?? null);
    return cell?.closest('tbody')?.parentElement === table ? cell : null;
  };
  table.addEventListener('dblclick', (event) => {
    const cell = cellOf(event);
    if (cell) start(cell);
  });
  table.addEventListener('keydown', (event) => {
    const cell = cellOf(event);
    if (cell && event.target === cell && (event.key === 'Enter' || event.key === 'F2')) {
      event.preventDefault();
      start(cell);
    }
  });
  api.on('draw', () => {
    open = null;
    mark();
  });
  mark();
  return { refresh: mark };
}
