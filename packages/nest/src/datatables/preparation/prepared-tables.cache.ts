import { InternalServerErrorException, type Logger } from '@nestjs/common';
import type { EntityMetadata } from 'typeorm';
import type { DataTableOptions } from '../model/index.js';
import { prepareTable, type PreparedTable, type TableConfig } from './table-declaration.parser.js';

/** What preparing an endpoint's options for one entity gives: the prepared value, or its mistakes. */
export type Preparation<P> = { value: P; problems: [] } | { value: null; problems: string[] };

/**
 * An endpoint's options prepared once per entity and kept while the options object lives. A
 * mistake in them is a programming error of the host: logged with the decorator and the endpoint
 * that carry it, and answered 500.
 */
export class PreparedTables<P> {
  private readonly prepared = new WeakMap<DataTableOptions, Map<EntityMetadata, P>>();

  constructor(
    private readonly logger: Logger,
    /** The decorator named in the log (`@DataTable`). */
    private readonly decorator: string,
    private readonly prepare: (options: DataTableOptions, metadata: EntityMetadata) => Preparation<P>,
  ) {}

  get(options: DataTableOptions, metadata: EntityMetadata, endpoint: string): P {
    let byEntity = this.prepared.get(options);
    if (!byEntity) this.prepared.set(options, (byEntity = new Map()));
    const known = byEntity.get(metadata);
    if (known) return known;
    const { value, problems } = this.prepare(options, metadata);
    if (value === null) {
      this.logger.error(`${this.decorator} on ${endpoint} over ${metadata.name}: ${problems.join('; ')}`);
      throw new InternalServerErrorException();
    }
    byEntity.set(metadata, value);
    return value;
  }
}

/** The list's preparation ({@link prepareTable}) with the module's defaults, for {@link PreparedTables}. */
export function tablePreparation(
  config: TableConfig,
): (options: DataTableOptions, metadata: EntityMetadata) => Preparation<PreparedTable> {
  return (options, metadata) => {
    const { table, problems } = prepareTable(options, metadata, config);
    return table ? { value: table, problems: [] } : { value: null, problems };
  };
}
