import { ValidationError } from 'class-validator';
import { editorFieldErrors } from './editor-field-errors.writer.js';

function error(
  property: string,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
): ValidationError {
  return Object.assign(new ValidationError(), { property, constraints, children });
}

describe('editorFieldErrors', () => {
  it("names nested properties with dots and list items with [], as Editor's fields, first message each", () => {
    const errors = [
      error('title', { maxLength: 'title is too long', isString: 'title must be a string' }),
      error('publisher', undefined, [error('id', { isInt: 'id must be an integer number' })]),
      error('tags', undefined, [
        error('0', undefined, [error('id', { min: 'id must not be less than 1' })]),
        error('1', undefined, [error('id', { min: 'id must not be less than 1' })]),
      ]),
    ];
    expect(editorFieldErrors(errors, '7')).toEqual([
      { id: '7', name: 'title', status: 'title is too long' },
      { id: '7', name: 'publisher.id', status: 'id must be an integer number' },
      { id: '7', name: 'tags[].id', status: 'id must not be less than 1' },
    ]);
  });

  it('keeps only the fields an edit sent', () => {
    const errors = [
      error('title', { isDefined: 'title should not be null or undefined' }),
      error('pages', { min: 'too few' }),
    ];
    expect(editorFieldErrors(errors, '3', new Set(['pages']))).toEqual([{ id: '3', name: 'pages', status: 'too few' }]);
  });
});
