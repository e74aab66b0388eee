import { Context, type Effect } from "effect"
import type { Instant } from "../shared/ids.ts"

/**
 * A lease per scheduled job, held in the database: whoever holds an unexpired lease runs the job,
 * so two server instances never close the same contests or renew the same month at once.
 */
export class JobLease extends Context.Service<
  JobLease,
  {
    /**
     * Takes (or renews) the lease of `job` for `holder` until `until`, if it is free, expired or
     * already ours. True when `holder` holds it afterwards.
     */
    readonly acquire: (
      job: string,
      holder: string,
      now: Instant,
      until: Instant,
    ) => Effect.Effect<boolean>
  }
>()("colorday/JobLease") {}
