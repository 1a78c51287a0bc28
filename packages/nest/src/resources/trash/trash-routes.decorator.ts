import { applyDecorators, Get, HttpCode, Post } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import { DataTable, type DataTableOptions } from '../../datatables/internal.js';
import type { ResourcePlan } from '../resource-permissions.parser.js';
import { TrashDocs } from './trash-docs.decorator.js';
import { TrashPermissions } from './trash-permissions.interceptor.js';

/** Strips what a trash has no use for from the list's options. */
function trashTableOptions<T extends ObjectLiteral>(list: DataTableOptions<T>): DataTableOptions<T> {
  // Not live: a live table is named by its own id, which the trash does not have.
  const {
    actions: _actions,
    id: _id,
    export: _export,
    permissions: _permissions,
    entity: _entity,
    live: _live,
    ...trash
  } = list;
  return trash;
}

/**
 * `GET <list path>/trash/`: the list's `@DataTable` options without its row links, saved views,
 * export and live notices; the answer's permissions say whether the user may restore and purge.
 */
export function TrashListRoute<T extends ObjectLiteral>(
  plan: ResourcePlan,
  list: DataTableOptions<T>,
): MethodDecorator {
  return applyDecorators(
    Get('trash'),
    TrashPermissions({ restore: plan.served.delete, purge: plan.served.purge }),
    DataTable(trashTableOptions(list)),
    TrashDocs.list(),
  );
}

/** `POST <list path>/<id>/restore/`. */
export function RestoreRoute(): MethodDecorator {
  return applyDecorators(Post(':id/restore'), HttpCode(200), TrashDocs.restore());
}
