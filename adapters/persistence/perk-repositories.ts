import { Context, Effect, Layer, Option } from "effect"
import type { LineArtRequest, RequestStatus } from "../../domain/perks/line-art-request.entity.ts"
import { LineArtRequestRepository } from "../../domain/perks/line-art-request.port.ts"
import { type PremiumPage, PremiumPageRepository } from "../../domain/perks/premium-page.port.ts"
import { Database } from "./database.ts"
import {
  type LineArtRequestRow,
  LineArtRequestTable,
  type PremiumPageRow,
  PremiumPageTable,
} from "./perk-tables.ts"
import { upsert } from "./repository-support.ts"

const toPage = (row: PremiumPageRow): PremiumPage => ({
  week: row.week,
  title: row.title,
  lineArt: row.lineArt,
  uploadedBy: row.uploadedBy,
  uploadedAt: Number(row.uploadedAt),
})

const toRequest = (row: LineArtRequestRow): LineArtRequest => ({
  id: row.id,
  memberId: row.memberId,
  brief: row.brief,
  reference: row.reference,
  status: row.status as RequestStatus,
  declineReason: row.declineReason,
  contestId: row.contestId,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
})

/** Premium pages in `premium_pages` (keyed by week) and requests in `line_art_requests`. */
export const makePerkRepositories = Effect.gen(function* () {
  const db = yield* Database
  type Manager = Parameters<Parameters<typeof db.run>[0]>[0]
  const pages = (m: Manager) => m.getRepository<PremiumPageRow>(PremiumPageTable)
  const requests = (m: Manager) => m.getRepository<LineArtRequestRow>(LineArtRequestTable)

  const premiumPages = PremiumPageRepository.of({
    put: (page) => db.run((m) => upsert(m, PremiumPageTable, { ...page }, ["week"])),
    forWeek: (week) =>
      db
        .run((m) => pages(m).findOneBy({ week }))
        .pipe(Effect.map((row) => Option.map(Option.fromNullishOr(row), toPage))),
    latest: (limit) =>
      db
        .run((m) => pages(m).find({ order: { week: "DESC" }, take: limit }))
        .pipe(Effect.map((rows) => rows.map(toPage))),
  })

  const lineArtRequests = LineArtRequestRepository.of({
    create: (request) => db.run((m) => requests(m).insert({ ...request })),
    lock: (id) =>
      Effect.flatMap(db.inTransaction, (inTransaction) =>
        db.run((m) => {
          const qb = requests(m).createQueryBuilder("r").where("r.id = :id", { id })
          // SQLite serialises writers already; MySQL holds the row until the transaction ends.
          if (inTransaction && db.dialect === "mysql") qb.setLock("pessimistic_write")
          return qb.getOne().then((row) => Option.map(Option.fromNullishOr(row), toRequest))
        }),
      ),
    save: (request) => db.run((m) => requests(m).update({ id: request.id }, { ...request })),
    ofMember: (memberId) =>
      db
        .run((m) =>
          requests(m).find({ where: { memberId }, order: { createdAt: "DESC", id: "DESC" } }),
        )
        .pipe(Effect.map((rows) => rows.map(toRequest))),
    withStatus: (statuses) =>
      db
        .run((m) =>
          requests(m)
            .createQueryBuilder("r")
            .where("r.status IN (:...statuses)", { statuses: [...statuses] })
            .orderBy("r.created_at", "ASC")
            .addOrderBy("r.id", "ASC")
            .getMany(),
        )
        .pipe(Effect.map((rows) => rows.map(toRequest))),
  })

  return { premiumPages, lineArtRequests }
})

/** The perk ports on the database (merged into layerPersistence). */
export const layerPerkRepositories = Layer.effectContext(
  Effect.map(makePerkRepositories, ({ premiumPages, lineArtRequests }) =>
    Context.make(PremiumPageRepository, premiumPages).pipe(
      Context.add(LineArtRequestRepository, lineArtRequests),
    ),
  ),
)
