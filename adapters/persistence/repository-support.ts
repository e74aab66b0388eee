import { Brackets, type EntityManager, type SelectQueryBuilder } from "typeorm"
import { NotFound } from "../../domain/shared/errors.ts"
import { decodeCursor, encodeCursor, type Page } from "../../domain/shared/paging.ts"

/** Query helpers the SQL repositories share. */

export const notFound = (entity: NotFound["entity"], id: string) => new NotFound({ entity, id })

/** Inserts or replaces a row by primary key, portable across SQLite and MySQL. */
export const upsert = async <T extends object>(
  manager: EntityManager,
  table: { options: { name: string } },
  row: T,
  key: ReadonlyArray<string>,
) => {
  await manager.getRepository<T>(table.options.name).upsert(row, {
    conflictPaths: [...key],
    skipUpdateIfNoValuesChanged: false,
  })
}

/** Keyset page over `qb` ordered by (sortColumn desc|asc, id same direction). */
export const keysetPage = async <Row extends { id: string }, A>(
  qb: SelectQueryBuilder<Row>,
  alias: string,
  order: {
    readonly column: string
    readonly property: keyof Row
    readonly direction: "ASC" | "DESC"
  },
  cursor: string | null,
  limit: number,
  map: (row: Row) => A,
): Promise<Page<A>> => {
  const after = cursor === null ? undefined : decodeCursor(cursor)
  if (Array.isArray(after) && after.length === 2) {
    const [value, id] = after as [unknown, unknown]
    const op = order.direction === "DESC" ? "<" : ">"
    qb.andWhere(
      new Brackets((where) => {
        where
          .where(`${alias}.${order.column} ${op} :cursorValue`, { cursorValue: value })
          .orWhere(`(${alias}.${order.column} = :cursorValue AND ${alias}.id ${op} :cursorId)`, {
            cursorId: id,
          })
      }),
    )
  }
  const rows = await qb
    .orderBy(`${alias}.${order.column}`, order.direction)
    .addOrderBy(`${alias}.id`, order.direction)
    .take(limit + 1)
    .getMany()
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor([last[order.property], last.id]) : null,
  }
}

/** `text` as a LIKE pattern's literal part, with `!` as the escape character. */
export const likeEscaped = (text: string) => text.replace(/[!%_]/g, (char) => `!${char}`)
