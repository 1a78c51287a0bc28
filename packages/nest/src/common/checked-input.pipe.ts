import { BadRequestException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { inputProblemMessage, MAX_INPUT_DEPTH, MAX_INPUT_VALUES, type InputBounds } from './request-input.checks.js';

/** The bounds of every body and query string the library reads (see {@link refuseUnreadableInput}). */
export const INPUT_BOUNDS: InputBounds = { maxDepth: MAX_INPUT_DEPTH, maxValues: MAX_INPUT_VALUES };

/**
 * The rule for every body and query string the library's routes read, before anything walks them
 * (class-transformer recurses, and takes seconds over many values): no NUL character anywhere,
 * nesting at most {@link MAX_INPUT_DEPTH} deep, at most `maxValues` values. A 400 names the field.
 */
export function refuseUnreadableInput(value: unknown, metadata: ArgumentMetadata, bounds: InputBounds): void {
  if (metadata.type !== 'body' && metadata.type !== 'query') return;
  const root = metadata.data
    ? { named: metadata.data }
    : { described: metadata.type === 'body' ? 'the body' : 'the query string' };
  const naming = metadata.type === 'body' ? 'properties' : 'brackets';
  const message = inputProblemMessage(value, bounds, naming, root);
  if (message !== null) throw new BadRequestException([message]);
}

/**
 * Checks a body or query that its handler reads itself (no DTO) by the library's rule (see
 * {@link refuseUnreadableInput}); `bounds` lifts the count of values for a body that its reader
 * bounds itself (a help import, by its number of entries).
 */
export class CheckedInputPipe implements PipeTransform {
  constructor(private readonly bounds: InputBounds = INPUT_BOUNDS) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    refuseUnreadableInput(value, metadata, this.bounds);
    return value;
  }
}
