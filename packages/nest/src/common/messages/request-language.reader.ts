import { messageLanguage } from './user-messages.writer.js';

type Languages = string | Iterable<string> | null | undefined;

/** The part of the module's configuration that names a request's languages (`WidgetLibConfig.getLanguage`). */
interface LanguageSource {
  getLanguage(request: unknown): Languages | Promise<Languages>;
}

/** The reader's languages, best first, as the module's `getLanguage` gives them (by default `Accept-Language`). */
export async function readerLanguages(config: LanguageSource, request: unknown): Promise<string[]> {
  const languages = await config.getLanguage(request);
  return typeof languages === 'string' ? [languages] : [...(languages ?? [])];
}

/** The language of the server's messages to this request's reader (see {@link messageLanguage}). */
export async function requestMessageLanguage(config: LanguageSource, request: unknown): Promise<string> {
  return messageLanguage(await readerLanguages(config, request));
}
