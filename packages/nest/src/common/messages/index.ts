// The server's messages that reach a user, per language (README, Languages).
export { ENGLISH_MESSAGES } from './english.messages.js';
export { SPANISH_MESSAGES } from './spanish.messages.js';
export { addMessageLanguage, messageLanguage, userMessageText } from './user-messages.writer.js';
export type { UserMessage, UserMessageCode, UserMessageParams, UserMessages } from './user-messages.types.js';
