import { Injectable } from '@nestjs/common';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { canonicalLanguageTag } from './help-language.parser.js';

/** Asks the host's `getLanguage` which languages a request's reader prefers. */
@Injectable()
export class HelpLanguageService {
  constructor(@InjectWidgetLibConfig() private readonly config: WidgetLibConfig) {}

  /** Canonical tags, best first; what is no BCP 47 tag is left out. */
  async languagesOf(request: unknown): Promise<string[]> {
    const resolved = await this.config.getLanguage(request);
    if (resolved == null) return [];
    const tags = typeof resolved === 'string' ? [resolved] : [...resolved];
    return tags.map((tag) => canonicalLanguageTag(tag)).filter((tag): tag is string => tag !== null);
  }
}
