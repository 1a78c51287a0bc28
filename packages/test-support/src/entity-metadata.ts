import { DataSource, type DataSourceOptions, type EntityMetadata, type ObjectLiteral } from 'typeorm';

/**
 * A data source whose entity metadata is built without connecting: for unit specs of the code that
 * reads metadata and writes SQL text, which never reach a database.
 */
export async function metadataOnlyDataSource(
  type: 'postgres' | 'mariadb',
  entities: NonNullable<DataSourceOptions['entities']>,
): Promise<DataSource> {
  // MySQL's driver wants a database named even when it never connects.
  const dataSource = new DataSource({ type, database: 'widgetlib', entities } as DataSourceOptions);
  // Building metadata is what initialize() does after connecting; it needs no connection itself.
  await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
  return dataSource;
}

export function metadataOf<T extends ObjectLiteral>(dataSource: DataSource, entity: new () => T): EntityMetadata {
  return dataSource.getMetadata(entity);
}
