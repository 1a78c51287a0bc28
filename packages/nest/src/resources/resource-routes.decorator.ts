import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { asHttpError } from '../common/errors/http-error.mapping.js';
import { LIVE_TABLE_SCOPE } from '../live/internal.js';
import { requirePermissionsMetadata } from '../permissions/permissions.decorator.js';
import type { DataTableResourceOptions, ResourceAction } from './datatable-resource.options.js';
import { editorProblem } from './editor/editor-actions.checks.js';
import { historyOptions as readHistoryOptions } from './history/index.js';
import type { ResourcePlan } from './resource-permissions.parser.js';
import { ResourceEntityTagInterceptor } from './versions/index.js';

/** The resource's routes answer JSON: reversible, but not pages of the app. */
export const API_ROUTE = { page: false } as const;

/** A live list's scope, as the stream's user would list it: the base query (`live/`). */
export const liveScope = SetMetadata(LIVE_TABLE_SCOPE, 'baseQuery');

/** A route's answer, the library's errors (thrown or rejected) as their HTTP exceptions. */
export async function answered<R>(work: () => R | Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    throw asHttpError(error);
  }
}

/**
 * The decorators that serve a declaration's routes. Only the actions the declaration names get a
 * route, under their requirement; the methods of the others stay, undecorated, for a host to
 * override.
 */
export function resourceRoutes(options: DataTableResourceOptions<never, object, object>, plan: ResourcePlan) {
  const serve = (action: ResourceAction, ...decorators: Array<MethodDecorator | ClassDecorator>) => {
    const requirement = plan.served[action];
    if (!requirement) return applyDecorators();
    const permit = requirement.public ? [] : [requirePermissionsMetadata(...requirement.permissions)];
    return applyDecorators(...decorators, ...permit);
  };

  const editorProblems = [editorProblem(options.editor, plan) ?? []].flat();
  const serveEditor = (...decorators: MethodDecorator[]) =>
    options.editor && editorProblems.length === 0 && plan.problems.length === 0
      ? applyDecorators(...decorators)
      : applyDecorators();

  // PATCH needs a writer of partial bodies: the default copy, or the declaration's own.
  const servePatch = (...decorators: MethodDecorator[]) =>
    !options.assign || options.assignPartial ? serve('update', ...decorators) : applyDecorators();

  // The records' ETag, once the entity's metadata (its `@VersionColumn`) is known.
  let versionProperty: string | undefined;
  const tagged = UseInterceptors(new ResourceEntityTagInterceptor(() => versionProperty));

  const historyOptions = readHistoryOptions(options.history);
  const serveHistory = (action: 'retrieve' | 'update', ...decorators: MethodDecorator[]) =>
    historyOptions ? serve(action, ...decorators) : applyDecorators();

  return {
    serve,
    serveEditor,
    editorProblems,
    servePatch,
    tagged,
    /** Called once the entity's metadata is known. */
    setVersionProperty: (property: string | undefined) => {
      versionProperty = property;
    },
    historyOptions,
    serveHistory,
  };
}
