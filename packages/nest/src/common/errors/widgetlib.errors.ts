import { userMessageText, type UserMessage } from '../messages/index.js';

/** The kinds of failure the library's own logic reports; `http-error.mapping.ts` gives each its HTTP status. */
export type WidgetLibFailure =
  'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'precondition-failed' | 'too-large' | 'unavailable';

const isUserMessage = (message: string | readonly string[] | UserMessage): message is UserMessage =>
  typeof message === 'object' && !Array.isArray(message);

/**
 * A failure reported by the library's pure code, which imports neither Nest nor TypeORM: the Nest
 * edge turns it into an HTTP answer through one mapping. `message` is what the answer's `message`
 * carries (one text, or one text per problem, each naming what is wrong); `details` are the other
 * members of the answer (a list's `draw`, the stored entry of a 412). A message that reaches a user
 * is given by its code (`UserMessage`): the answer carries the `code`, and its text is in English
 * here and in the request's language once `UserMessagesInterceptor` has seen it.
 */
export class WidgetLibError extends Error {
  readonly answer: string | readonly string[];
  readonly userMessage: UserMessage | null;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    readonly failure: WidgetLibFailure,
    message: string | readonly string[] | UserMessage,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    const answer = isUserMessage(message) ? userMessageText(message) : message;
    super(typeof answer === 'string' ? answer : answer.join('; '));
    this.name = new.target.name;
    this.answer = answer;
    this.userMessage = isUserMessage(message) ? message : null;
    this.details = this.userMessage ? { code: this.userMessage.code, ...details } : details;
  }
}
