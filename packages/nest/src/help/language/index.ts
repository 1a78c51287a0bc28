export { defaultGetLanguage } from './default-language.reader.js';
export { canonicalLanguageTag, chooseByLanguage, languageChain, LANGUAGE_FORMAT } from './help-language.parser.js';
export { HelpLanguageService } from './help-language.service.js';
