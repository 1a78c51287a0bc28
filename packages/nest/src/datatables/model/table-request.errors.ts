import { WidgetLibError } from '../../common/errors/index.js';
import { userMessageText, userMessageTexts, type UserMessage } from '../../common/messages/index.js';

/**
 * A request the endpoint refuses (a 400): one message per problem, each naming its parameter;
 * those a page's user can cause (a filter's value, a search) coded, for the reader's language.
 */
export class TableRequestError extends WidgetLibError {
  /** Each problem in English. */
  readonly problems: string[];

  constructor(
    /** Each problem as given: a text, or a coded message. */
    readonly given: readonly (string | UserMessage)[],
    /** The request's `draw` when it parsed, so that the client can match the answer. */
    readonly draw: number | undefined,
  ) {
    super('invalid', given, draw === undefined ? {} : { draw });
    this.problems = userMessageTexts(given);
  }
}

/** A list or an export whose statement ran past the table's `statementTimeout` and was stopped (a 503). */
export class TableTimeoutError extends WidgetLibError {
  constructor(
    operation: 'list' | 'export',
    readonly milliseconds: number,
    draw?: number,
  ) {
    super(
      'unavailable',
      operation === 'list'
        ? `The list took longer than ${milliseconds} ms and was stopped; narrow the search or the filters`
        : `The export took longer than ${milliseconds} ms for one statement and was stopped; narrow the search or the filters`,
      draw === undefined ? {} : { draw },
    );
  }
}

/**
 * The `draw` of parameters that are refused before they are read (too large, say), from the
 * top-level value alone: what a 400 echoes so that DataTables matches it to its request.
 */
export function sentDraw(values: unknown): number | undefined {
  const draw = typeof values === 'object' && values !== null ? (values as { draw?: unknown }).draw : undefined;
  const text = typeof draw === 'number' ? String(draw) : draw;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * Collects what is wrong with one request while it is read, so that every problem is reported at
 * once; and what a client compatibility mode ignored instead, which the answer lists.
 */
export class RequestProblems {
  /** Each problem in English. */
  readonly messages: string[] = [];
  /** Each problem as given: a text, or a coded message (see {@link TableRequestError}). */
  readonly given: (string | UserMessage)[] = [];
  readonly ignored: string[] = [];

  add(message: string | UserMessage): void {
    this.given.push(message);
    this.messages.push(typeof message === 'string' ? message : userMessageText(message));
  }

  ignore(message: string): void {
    this.ignored.push(message);
  }

  get any(): boolean {
    return this.messages.length > 0;
  }
}

/** A value as a message quotes it: JSON, cut after 64 characters. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}...` : text);
}

/** Names as a message lists them. */
export function listed(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : '(none)';
}
