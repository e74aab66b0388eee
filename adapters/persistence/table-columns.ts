import type { EntitySchemaColumnOptions, ValueTransformer } from "typeorm"

/** Column shapes shared by the tables (see tables.ts for why instants are BIGINT epoch milliseconds). */

/** mysql2 returns BIGINT as a string; every instant column reads back as a number. */
const epochMillis: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
}
export const decimal: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
}

export const id = (name = "id"): EntitySchemaColumnOptions => ({
  name,
  type: "varchar",
  length: 36,
  primary: true,
})
export const ref = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "varchar",
  length: 36,
  nullable,
})
export const instant = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "bigint",
  nullable,
  transformer: epochMillis,
})
export const text = (
  name: string,
  length: number,
  nullable = false,
): EntitySchemaColumnOptions => ({
  name,
  type: "varchar",
  length,
  nullable,
})
export const longText = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "text",
  nullable,
})
export const int = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "int",
  nullable,
  default: nullable ? undefined : 0,
})
export const double = (name: string): EntitySchemaColumnOptions => ({
  name,
  type: "double",
  default: 0,
  transformer: decimal,
})
export const bool = (name: string): EntitySchemaColumnOptions => ({
  name,
  type: "boolean",
  default: false,
})
export const autoId = (): EntitySchemaColumnOptions => ({
  name: "id",
  type: "integer",
  primary: true,
  generated: "increment",
})
