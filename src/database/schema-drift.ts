import { DataSource } from 'typeorm';

/**
 * SQL TypeORM would run to make the database match the entities. Empty after the migrations have
 * run means the entities and the migrations describe the same schema.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}
