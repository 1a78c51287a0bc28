/** The kinds of failure the library's own logic reports; `http-error.mapping.ts` gives each its HTTP status. */
export type WidgetLibFailure =
  'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'precondition-failed' | 'too-large' | 'unavailable';

/**
 * A failure reported by the library's pure code, which imports neither Nest nor TypeORM: the Nest
 * edge turns it into an HTTP answer through one mapping. `message` is what the answer's `message`
 * carries (one text, or one text per problem, each naming what is wrong); `details` are the other
 * members of the answer (a list's `draw`, the stored entry of a 412).
 */
export class WidgetLibError extends Error {
  readonly answer: string | readonly string[];

  constructor(
    readonly failure: WidgetLibFailure,
    message: string | readonly string[],
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(typeof message === 'string' ? message : message.join('; '));
    this.name = new.target.name;
    this.answer = message;
  }
}
