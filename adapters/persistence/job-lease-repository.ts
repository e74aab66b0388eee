import { Effect } from "effect"
import { JobLease } from "../../domain/jobs/job-lease.port.ts"
import { Database, isUniqueViolation } from "./database.ts"
import { type SchedulerLeaseRow, SchedulerLeaseTable } from "./audit-and-job-tables.ts"

/**
 * Job leases in `scheduler_leases`: a conditional UPDATE takes an expired (or our own) lease; an
 * INSERT takes a lease nobody held yet, and the primary key makes a concurrent taker lose.
 */
export const makeJobLease = Effect.gen(function* () {
  const db = yield* Database
  return JobLease.of({
    acquire: (job, holder, now, until) =>
      Effect.gen(function* () {
        const taken = yield* db.run((m) =>
          m
            .createQueryBuilder()
            .update(SchedulerLeaseTable)
            .set({ holder, expiresAt: until })
            .where("name = :job AND (expires_at <= :now OR holder = :holder)", { job, now, holder })
            .execute(),
        )
        if ((taken.affected ?? 0) > 0) return true
        return yield* db
          .attempt((m) =>
            m
              .getRepository<SchedulerLeaseRow>(SchedulerLeaseTable)
              .insert({ name: job, holder, expiresAt: until }),
          )
          .pipe(
            Effect.as(true),
            Effect.catch((error) =>
              isUniqueViolation(error) ? Effect.succeed(false) : Effect.die(error),
            ),
          )
      }),
  })
})
