import { Schema } from "effect"
import { MAX_PAGE_SIZE } from "../../domain/shared/paging.ts"

/** Input schemas shared by routes. Query strings arrive as strings, so numbers are parsed. */

export const Id = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(64),
  Schema.isPattern(/^[A-Za-z0-9_-]+$/),
)

export const IdParams = Schema.Struct({ id: Id })

/** limit (1..100) and an opaque cursor, for every list. */
export const PageQuery = Schema.Struct({
  limit: Schema.optional(
    Schema.NumberFromString.check(
      Schema.isInt(),
      Schema.isBetween({ minimum: 1, maximum: MAX_PAGE_SIZE }),
    ),
  ),
  cursor: Schema.optional(Schema.String.check(Schema.isMaxLength(500))),
})

export const NonEmpty = (max: number) =>
  Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(max))
