import type { DemoLanguage } from './page.renderer.js';
import { DEMO_TEXTS_EN, type DemoTextKey, type DemoTexts } from './demo-texts.en.js';
import { DEMO_TEXTS_ES } from './demo-texts.es.js';

export type { DemoTextKey, DemoTexts };

export const DEMO_TEXTS: Readonly<Record<DemoLanguage, DemoTexts>> = { en: DEMO_TEXTS_EN, es: DEMO_TEXTS_ES };

/** A word of the demo in `language`, its `{name}` parts replaced by `values`. */
export function demoText(
  language: DemoLanguage,
  key: DemoTextKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return DEMO_TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * A message of the demo's DTOs (their English `message`) in `language`: it is the key of its
 * translation (`error.<message>`); null for a message the demo does not translate.
 */
export function dtoMessageText(language: DemoLanguage, message: string): string | null {
  const key = `error.${message}`;
  return key in DEMO_TEXTS.en ? demoText(language, key as DemoTextKey) : null;
}
