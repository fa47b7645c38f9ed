/**
 * Hot queries, compiled once. Building and compiling a Kysely query costs more CPU than
 * SQLite takes to run it, and a login runs about a dozen of them. `prepare` builds the query
 * with named placeholders, compiles it once per dialect (the SQL stays Kysely-generated and
 * portable), and afterwards only swaps the parameter values.
 *
 * Only for fixed-shape queries: a value must not change the SQL (no `in` lists, no
 * `is null` chosen by value).
 */
import { CompiledQuery, type Compilable, type DialectAdapter, type Kysely, type QueryResult } from 'kysely'
import type { Database } from './schema.js'

const MARK = '\u0000gatehouse:'

type Slot = { name: string } | { value: unknown }

export function prepare<Args extends object, Row = unknown>(build: (db: Kysely<Database>, param: (name: keyof Args & string) => any) => Compilable<Row>) {
  const compiled = new WeakMap<DialectAdapter, { sql: string; slots: Slot[] }>()
  return (db: Kysely<Database>, args: Args): Promise<QueryResult<Row>> => {
    const adapter = db.getExecutor().adapter
    let entry = compiled.get(adapter)
    if (!entry) {
      const query = build(db, (name) => `${MARK}${name}`).compile()
      const slots = query.parameters.map((value): Slot =>
        typeof value === 'string' && value.startsWith(MARK) ? { name: value.slice(MARK.length) } : { value },
      )
      entry = { sql: query.sql, slots }
      compiled.set(adapter, entry)
    }
    const parameters = entry.slots.map((slot) => ('name' in slot ? (args as Record<string, unknown>)[slot.name] : slot.value))
    return db.executeQuery<Row>(CompiledQuery.raw(entry.sql, parameters))
  }
}

export const affected = (result: QueryResult<unknown>) => Number(result.numAffectedRows ?? 0n)
