import type { WidgetLibConfig } from '../../widgetlib.config.js';
import { messageLanguage } from './user-messages.writer.js';

/** The reader's languages, best first, as the module's `getLanguage` gives them (by default `Accept-Language`). */
export async function readerLanguages(
  config: Pick<WidgetLibConfig, 'getLanguage'>,
  request: unknown,
): Promise<string[]> {
  const languages = await config.getLanguage(request);
  return typeof languages === 'string' ? [languages] : [...(languages ?? [])];
}

/** The language of the server's messages to this request's reader (see {@link messageLanguage}). */
export async function requestMessageLanguage(
  config: Pick<WidgetLibConfig, 'getLanguage'>,
  request: unknown,
): Promise<string> {
  return messageLanguage(await readerLanguages(config, request));
}
