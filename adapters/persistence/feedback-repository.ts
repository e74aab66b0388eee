import { Context, Effect, Layer, Option } from "effect"
import type { Feedback } from "../../domain/feedback/feedback.entity.ts"
import { FeedbackRepository } from "../../domain/feedback/feedback.port.ts"
import type { Spotlight } from "../../domain/spotlight/spotlight.entity.ts"
import { SpotlightRepository } from "../../domain/spotlight/spotlight.port.ts"
import { EntryTable } from "./contest-tables.ts"
import { Database } from "./database.ts"
import {
  type EntryFeedbackRow,
  EntryFeedbackTable,
  type SpotlightRow,
  SpotlightTable,
} from "./feedback-tables.ts"
import { upsert } from "./repository-support.ts"

/** Professional feedback (entry_feedback) and the Spotlight (spotlights) on SQL. */

const toFeedback = (row: EntryFeedbackRow): Feedback => ({
  ...row,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
})

const toSpotlight = (row: SpotlightRow): Spotlight => ({
  ...row,
  startsAt: Number(row.startsAt),
  endsAt: Number(row.endsAt),
  createdAt: Number(row.createdAt),
})

export const makeFeedbackRepositories = Effect.gen(function* () {
  const db = yield* Database
  type Manager = Parameters<Parameters<typeof db.run>[0]>[0]
  const feedbackRows = (m: Manager) => m.getRepository<EntryFeedbackRow>(EntryFeedbackTable)
  const spotlightRows = (m: Manager) => m.getRepository<SpotlightRow>(SpotlightTable)
  const feedback = FeedbackRepository.of({
    find: (entryId, judgeId) =>
      db
        .run((m) => feedbackRows(m).findOneBy({ entryId, judgeId }))
        .pipe(Effect.map((row) => Option.map(Option.fromNullishOr(row), toFeedback))),
    save: (given) => db.run((m) => upsert(m, EntryFeedbackTable, { ...given }, ["id"])),
    ofEntry: (entryId) =>
      db
        .run((m) =>
          feedbackRows(m).find({ where: { entryId }, order: { createdAt: "ASC", id: "ASC" } }),
        )
        .pipe(Effect.map((rows) => rows.map(toFeedback))),
    awaiting: (judgeId, tiers, limit) =>
      tiers.length === 0
        ? Effect.succeed([])
        : db
            .run((m) =>
              m
                .createQueryBuilder()
                .select("e.id", "id")
                .from(EntryTable, "e")
                .innerJoin("Subscription", "s", "s.member_id = e.member_id")
                .leftJoin("EntryFeedback", "f", "f.entry_id = e.id")
                .where("s.tier IN (:...tiers)", { tiers: [...tiers] })
                .andWhere("e.moderation = 'visible'")
                .andWhere("e.member_id <> :judgeId", { judgeId })
                .andWhere("f.id IS NULL")
                .orderBy("e.created_at", "DESC")
                .addOrderBy("e.id", "DESC")
                .limit(limit)
                .getRawMany<{ id: string }>(),
            )
            .pipe(Effect.map((rows) => rows.map((row) => row.id))),
  })
  const spotlights = SpotlightRepository.of({
    insert: (spotlight) => db.run((m) => spotlightRows(m).insert({ ...spotlight })),
    find: (id) =>
      db
        .run((m) => spotlightRows(m).findOneBy({ id }))
        .pipe(Effect.map((row) => Option.map(Option.fromNullishOr(row), toSpotlight))),
    remove: (id) => db.run((m) => spotlightRows(m).delete({ id })),
    activeAt: (now) =>
      db
        .run((m) =>
          spotlightRows(m)
            .createQueryBuilder("s")
            .where("s.starts_at <= :now AND s.ends_at > :now", { now })
            .orderBy("s.starts_at", "DESC")
            .addOrderBy("s.id", "DESC")
            .getMany(),
        )
        .pipe(Effect.map((rows) => rows.map(toSpotlight))),
    endingAfter: (since) =>
      db
        .run((m) =>
          spotlightRows(m)
            .createQueryBuilder("s")
            .where("s.ends_at > :since", { since })
            .orderBy("s.starts_at", "DESC")
            .addOrderBy("s.id", "DESC")
            .getMany(),
        )
        .pipe(Effect.map((rows) => rows.map(toSpotlight))),
  })
  return { feedback, spotlights }
})

export const layerFeedbackRepositories = Layer.effectContext(
  Effect.map(makeFeedbackRepositories, ({ feedback, spotlights }) =>
    Context.make(FeedbackRepository, feedback).pipe(Context.add(SpotlightRepository, spotlights)),
  ),
)
