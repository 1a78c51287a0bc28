// The server's messages that reach a user, per language (README, Languages).
export { ENGLISH_MESSAGES } from './english.messages.js';
export { SPANISH_MESSAGES } from './spanish.messages.js';
export { readerLanguages, requestMessageLanguage } from './request-language.reader.js';
export {
  addMessageLanguage,
  bestLanguage,
  DEFAULT_LANGUAGE,
  languageText,
  languageTextProblem,
  messageLanguage,
  type LanguageTexts,
  userMessageText,
  userMessageTexts,
} from './user-messages.writer.js';
export { validationErrorMessages, validationMessage } from './validation-messages.reader.js';
export type { ValidationMessages } from './validation-messages.types.js';
export type { UserMessage, UserMessageCode, UserMessageParams, UserMessages } from './user-messages.types.js';
