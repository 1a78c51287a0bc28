import type { Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, type ValidationError } from 'class-validator';
import { ResourceRevisionNotRestorableError } from './resource-history.errors.js';

/** The fields of `state` the DTO declares: a restore's default body. */
export function declaredFields(dto: Type, state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const declared = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
  return Object.fromEntries(Object.entries(state).filter(([field]) => declared.has(field)));
}

function messagesOf(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const own = Object.values(error.constraints ?? {}).slice(0, 1);
    return [...own, ...messagesOf(error.children ?? [])];
  });
}

/**
 * The body of a restore as the update DTO reads it, as a `PUT` body would be: unknown fields
 * refused, values transformed; a value it no longer accepts refuses the restore, naming each problem.
 */
export async function checkedRestoreBody(dto: Type, body: object, revision: number): Promise<object> {
  const instance = plainToInstance(dto, body) as object;
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  if (errors.length > 0) throw new ResourceRevisionNotRestorableError(revision, messagesOf(errors));
  return instance;
}
