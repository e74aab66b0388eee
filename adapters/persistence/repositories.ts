import { Effect } from "effect"
import { payments, subscriptions } from "./billing-repositories.ts"
import { analytics, badges, contests } from "./contest-repositories.ts"
import { Database } from "./database.ts"
import { entries, votes } from "./entry-repositories.ts"
import { members } from "./member-repository.ts"

/** Every repository port over the Database service. */
export const makeRepositories = Effect.gen(function* () {
  const db = yield* Database
  return {
    members: members(db),
    contests: contests(db),
    analytics: analytics(db),
    entries: entries(db),
    votes: votes(db),
    badges: badges(db),
    subscriptions: subscriptions(db),
    payments: payments(db),
  }
})
