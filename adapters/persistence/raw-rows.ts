import type { EntitySchema, EntitySchemaColumnOptions, ValueTransformer } from "typeorm"
import type { Dialect } from "./data-source.ts"

/**
 * Raw statements over a table declared as an EntitySchema (DatabaseShape.sql): the SELECT list
 * that names each column by its property, and the mapping that reads a driver's row back as
 * TypeORM would (each column's transformer; booleans from 0/1). The table stays declared once.
 */
export interface RawTable<Row> {
  /**
   * `alias.column AS property, …`, quoted for the dialect; with a prefix, `AS prefixproperty`
   * (two tables' rows in one statement), which `row` then reads with the same prefix.
   */
  readonly columns: (alias: string, prefix?: string) => string
  /** The table's name, quoted. */
  readonly name: string
  readonly row: (raw: Record<string, unknown>, prefix?: string) => Row
}

const quoteFor = (dialect: Dialect) =>
  dialect === "sqlite" ? (name: string) => `"${name}"` : (name: string) => `\`${name}\``

const fromColumn = (options: EntitySchemaColumnOptions) => {
  const transformer = options.transformer as ValueTransformer | undefined
  if (transformer) return (value: unknown): unknown => transformer.from(value)
  if (options.type === "boolean") {
    return (value: unknown) => (value === null ? null : Boolean(Number(value)))
  }
  return (value: unknown) => value
}

export const rawTable = <Row>(table: EntitySchema<Row>, dialect: Dialect): RawTable<Row> => {
  const quote = quoteFor(dialect)
  const columns = Object.entries(
    table.options.columns as Record<string, EntitySchemaColumnOptions>,
  ).map(([property, options]) => ({
    property,
    column: options.name ?? property,
    from: fromColumn(options),
  }))
  return {
    columns: (alias, prefix = "") =>
      columns
        .map(({ property, column }) => `${alias}.${quote(column)} AS ${quote(prefix + property)}`)
        .join(", "),
    name: quote(table.options.tableName ?? table.options.name),
    row: (raw, prefix = "") => {
      const row: Record<string, unknown> = {}
      for (const { property, from } of columns) {
        row[property] = from(raw[prefix === "" ? property : prefix + property])
      }
      return row as Row
    },
  }
}
