import type { EntityMetadata, ObjectLiteral } from 'typeorm';
import { readerLanguages, requestMessageLanguage } from '../../common/messages/index.js';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { DataTableChoices } from '../../datatables/index.js';
import type { WidgetLibConfig } from '../../widgetlib.config.js';
import type { ResourcePlan } from '../resource-permissions.parser.js';
import { answered } from '../resource-routes.decorator.js';
import { mayWriteWithEditor, requireEditorAction } from './editor-access.reader.js';
import type { EditorAnswer } from './editor-answer.types.js';
import { parseEditorFieldOptions } from './editor-field-options.parser.js';
import { EditorFieldOptionsQuery, type EditorOptions } from './editor-field-options.query.js';
import { editorBody } from './editor-form-body.reader.js';
import { parseEditorRequest } from './editor-request.parser.js';
import { EditorSubmission, type EditorSubmissionSource } from './editor-submission.query.js';
import { editorTexts, type ResourceEditorOptions } from './editor.options.js';

/** What a resource's Editor route needs from its declaration and its controller. */
export interface EditorRoutesSource<T extends ObjectLiteral> {
  /** The declaration's `editor` (the route is served only when it is set). */
  editor: true | ResourceEditorOptions | undefined;
  plan: ResourcePlan;
  config: WidgetLibConfig;
  submissions: EditorSubmissionSource<T>;
}

/**
 * A resource's Editor route (`POST <list path>/editor`): a submission checked against its REST
 * twin's permissions and run, with the form's `options` (also offered to the list's answer).
 */
export class EditorRoutes<T extends ObjectLiteral> {
  private formOptions?: EditorFieldOptionsQuery;

  constructor(private readonly source: EditorRoutesSource<T>) {}

  /** Reads `editor.options` against the entity (at startup); the mistakes in it. */
  prepare(metadata: EntityMetadata, choices: DataTableChoices | undefined): string[] {
    const { editor } = this.source;
    const declared = editor === true ? undefined : editor?.options;
    const { fields, problems } = parseEditorFieldOptions(declared, choices, metadata);
    this.formOptions = new EditorFieldOptionsQuery(fields, metadata.connection);
    return problems;
  }

  /** Whether the answers carry form options (`editor.options` names fields). */
  get offersOptions(): boolean {
    return this.formOptions?.declared ?? false;
  }

  async answer(body: unknown, request: HttpRequest): Promise<EditorAnswer> {
    const { plan, config, editor, submissions } = this.source;
    const submission = await answered(() => parseEditorRequest(editorBody(body, request)));
    await requireEditorAction(plan, submission.action, config, request);
    const language = await requestMessageLanguage(config, request);
    const texts = await editorTexts(editor ?? true, request, language);
    const formEncoded = !String(request.headers['content-type'] ?? '').includes('json');
    const answer = await new EditorSubmission(submissions, request, { texts, language }, formEncoded).run(submission);
    // Editor updates its fields' choices from the answers of its submissions, not from a refresh's.
    const choices = submission.action === 'read' ? null : await this.options(request);
    return choices ? { ...answer, options: choices } : answer;
  }

  /** The form's choices for a user who may create or update; null when none are declared or offered. */
  async options(request: HttpRequest): Promise<EditorOptions | null> {
    const { formOptions } = this;
    if (!formOptions?.declared || !(await mayWriteWithEditor(this.source.plan, this.source.config, request))) {
      return null;
    }
    return formOptions.read(request, await readerLanguages(this.source.config, request));
  }
}
