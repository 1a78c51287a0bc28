import { ENGLISH_MESSAGES } from './english.messages.js';
import { SPANISH_MESSAGES } from './spanish.messages.js';
import { addMessageLanguage, messageLanguage, userMessageText } from './user-messages.writer.js';

describe("the server's user messages", () => {
  it('has every English code in Spanish, with the same parameters', () => {
    const names = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    expect(Object.keys(SPANISH_MESSAGES).sort()).toEqual(Object.keys(ENGLISH_MESSAGES).sort());
    for (const [code, template] of Object.entries(ENGLISH_MESSAGES)) {
      expect([code, names(SPANISH_MESSAGES[code as keyof typeof SPANISH_MESSAGES])]).toEqual([code, names(template)]);
    }
  });

  it("picks the first of the reader's languages that has messages, a region finding its language", () => {
    expect(messageLanguage(['de', 'es-MX', 'en'])).toBe('es');
    expect(messageLanguage(['fr'])).toBe('en');
    expect(messageLanguage([])).toBe('en');
  });

  it('writes a message with its values, English for a language without messages', () => {
    const message = { code: 'help.field-too-long', params: { field: 'help_title', max: 200 } } as const;
    expect(userMessageText(message)).toBe('help_title must be shorter than or equal to 200 characters');
    expect(userMessageText(message, 'es')).toBe('help_title debe tener como mucho 200 caracteres');
    expect(userMessageText(message, 'xx')).toBe(userMessageText(message));
  });

  it("writes a value given per language in the message's language, else English's", () => {
    const message = { code: 'resource.not-found', params: { entity: { es: 'Álbum', en: 'Album' }, id: 3 } } as const;
    expect(userMessageText(message, 'es')).toBe('Álbum 3 no existe');
    expect(userMessageText(message)).toBe('Album 3 does not exist');
    expect(userMessageText(message, 'xx')).toBe('Album 3 does not exist');
  });

  it('takes languages a host adds', () => {
    addMessageLanguage('PT-br', { ...ENGLISH_MESSAGES, 'saved-views.name-required': 'o nome é obrigatório' });
    expect(messageLanguage(['pt-BR'])).toBe('pt-br');
    expect(userMessageText({ code: 'saved-views.name-required' }, 'pt-br')).toBe('o nome é obrigatório');
    expect(() => addMessageLanguage('', ENGLISH_MESSAGES)).toThrow(/language tag/);
  });
});
