import type { ValidationError } from 'class-validator';
import { ENGLISH_VALIDATION_MESSAGES } from './english-validation.messages.js';
import type { UserMessage } from './user-messages.types.js';
import { userMessageText } from './user-messages.writer.js';
import type { ValidationMessages } from './validation-messages.types.js';

type ValidationCode = keyof ValidationMessages;

interface Template {
  code: ValidationCode;
  pattern: RegExp;
  names: string[];
}

/** class-validator's prefix of a constraint checked on each item (`{ each: true }`). */
const EACH = 'each value in ';

const templates = new Map<string, Template[]>();
for (const [code, text] of Object.entries(ENGLISH_VALIDATION_MESSAGES) as [ValidationCode, string][]) {
  const constraint = code.slice('validation.'.length).replace(/-.*$/, '');
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const source = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('([\\s\\S]+?)');
  templates.set(constraint, [
    ...(templates.get(constraint) ?? []),
    { code, pattern: new RegExp(`^${source}$`), names },
  ]);
}

/**
 * class-validator's message of a failed `constraint` as a coded message, when it is the
 * catalogue's English text of that constraint (class-validator's default, or a message of the
 * library's own DTOs): its values read back from the text, which the coded message writes again
 * exactly. Any other text (a DTO's own `message`) is left as it is.
 */
export function validationMessage(constraint: string, text: string): UserMessage | string {
  for (const { code, pattern, names } of templates.get(constraint) ?? []) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string | UserMessage> = {};
    names.forEach((name, index) => (params[name] = match[index + 1]!));
    const { property } = params;
    if (typeof property === 'string' && property.startsWith(EACH) && code !== 'validation.whitelistValidation') {
      params.property = { code: 'validation.each', params: { property: property.slice(EACH.length) } };
    }
    const message: UserMessage = { code, params };
    if (userMessageText(message) === text) return message;
  }
  return text;
}

/** A nested property's message as Nest's ValidationPipe writes it: the parent's path before it. */
function underPath(message: UserMessage | string, text: string, parent: string | undefined): UserMessage | string {
  if (parent === undefined) return message;
  const property = typeof message === 'string' ? undefined : message.params?.property;
  const leads =
    typeof message !== 'string' && ENGLISH_VALIDATION_MESSAGES[message.code as ValidationCode].startsWith('{property}');
  if (typeof property !== 'string' || !leads) return `${parent}.${text}`;
  return {
    ...(message as UserMessage),
    params: { ...(message as UserMessage).params, property: `${parent}.${property}` },
  };
}

/**
 * The messages of class-validator's errors in the order and form Nest's ValidationPipe lists them
 * (a nested property's after its parent's path), each coded where {@link validationMessage} knows it.
 */
export function validationErrorMessages(errors: readonly ValidationError[]): (UserMessage | string)[] {
  const messages: (UserMessage | string)[] = [];
  const visit = (error: ValidationError, parent?: string): void => {
    for (const [constraint, text] of Object.entries(error.constraints ?? {})) {
      messages.push(underPath(validationMessage(constraint, text), text, parent));
    }
    if (!error.children?.length) return;
    const path = parent === undefined ? error.property : `${parent}.${error.property}`;
    for (const child of error.children) visit(child, path);
  };
  for (const error of errors) visit(error);
  return messages;
}
