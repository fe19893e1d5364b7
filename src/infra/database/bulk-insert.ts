import type { EntityManager } from 'typeorm';

const MAX_PARAMETERS = 30_000; // PostgreSQL allows 65 535 per statement; stay well below.

/**
 * Parameterised multi-row INSERT, chunked under the parameter limit. Table and column names
 * are code constants, never user input. Returns the rows of `returning`, in insertion order.
 */
export async function insertRows<T = Record<string, unknown>>(
  manager: EntityManager,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  returning?: string,
): Promise<T[]> {
  const result: T[] = [];
  const perChunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${returning ? ` RETURNING ${returning}` : ''}`;
    const inserted = await manager.query(sql, params);
    if (returning) for (const row of inserted as T[]) result.push(row);
  }
  return result;
}

/** A table and its columns with their PostgreSQL types, in the order rows list their values. */
export interface TableColumns {
  table: string;
  columns: ReadonlyArray<readonly [name: string, type: string]>;
}

/**
 * INSERT of many rows given as one array per column, in one statement whatever their number
 * (`INSERT … SELECT * FROM unnest($1::type[], …)`: one parameter per column). Table, column
 * names and types are code constants, never user input.
 */
export async function insertColumns(manager: EntityManager, target: TableColumns, columns: ReadonlyArray<readonly unknown[]>): Promise<void> {
  if (columns.length !== target.columns.length) throw new Error(`insertColumns(${target.table}): ${columns.length} columns given`);
  if (columns[0].length === 0) return;
  const names = target.columns.map(([name]) => name).join(', ');
  const arrays = target.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  await manager.query(`INSERT INTO ${target.table} (${names}) SELECT * FROM unnest(${arrays})`, columns as unknown[]);
}
