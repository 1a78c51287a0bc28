import { userMessageText, userMessageTexts, type UserMessage } from '../messages/index.js';

/** The kinds of failure the library's own logic reports; `http-error.mapping.ts` gives each its HTTP status. */
export type WidgetLibFailure =
  'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'precondition-failed' | 'too-large' | 'unavailable';

/** What a failure says: one text, one message by its code, or one per problem (coded or plain). */
export type WidgetLibMessage = string | UserMessage | readonly (string | UserMessage)[];

const isUserMessage = (message: WidgetLibMessage): message is UserMessage =>
  typeof message === 'object' && !Array.isArray(message);

/**
 * A failure reported by the library's pure code, which imports neither Nest nor TypeORM: the Nest
 * edge turns it into an HTTP answer through one mapping. `message` is what the answer's `message`
 * carries (one text, or one text per problem, each naming what is wrong); `details` are the other
 * members of the answer (a list's `draw`, the stored entry of a 412). A message that reaches a user
 * is given by its code (`UserMessage`): a single one puts its `code` in the answer; its text (and
 * each coded text of a list) is in English here and in the request's language once
 * `UserMessagesInterceptor` has seen it.
 */
export class WidgetLibError extends Error {
  readonly answer: string | readonly string[];
  readonly userMessage: UserMessage | null;
  /** A list's problems as given (coded or plain), for the interceptor to write in the reader's language. */
  readonly userMessages: readonly (string | UserMessage)[] | null;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    readonly failure: WidgetLibFailure,
    message: WidgetLibMessage,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    const list =
      typeof message === 'object' && Array.isArray(message) ? (message as readonly (string | UserMessage)[]) : null;
    const single = !list && isUserMessage(message) ? message : null;
    const answer = list ? userMessageTexts(list) : single ? userMessageText(single) : (message as string);
    super(typeof answer === 'string' ? answer : answer.join('; '));
    this.name = new.target.name;
    this.answer = answer;
    this.userMessage = single;
    this.userMessages = list?.some((each) => typeof each !== 'string') ? list : null;
    this.details = this.userMessage ? { code: this.userMessage.code, ...details } : details;
  }
}
