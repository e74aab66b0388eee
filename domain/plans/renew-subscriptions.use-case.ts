import { Clock, Effect } from "effect"
import type { MemberId } from "../shared/ids.ts"
import { MAX_PAGE_SIZE } from "../shared/paging.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { currentSubscription } from "./current-subscription.use-case.ts"
import type { Subscription } from "./subscription.entity.ts"
import { SubscriptionRepository } from "./subscription.port.ts"

/**
 * The monthly renewal on the 1st (UTC), for every subscription due: the same renewal a member's
 * first read of the month would make (currentSubscription), one small transaction each, a page of
 * members at a time. Safe to rerun and to run beside members' own reads: a subscription is renewed
 * once per month whoever gets there first.
 */
export const renewSubscriptions = Effect.fn("renewSubscriptions")(function* (
  options: { readonly pageSize?: number } = {},
) {
  const subscriptions = yield* SubscriptionRepository
  const unitOfWork = yield* UnitOfWork
  const now = yield* Clock.currentTimeMillis
  const limit = options.pageSize ?? MAX_PAGE_SIZE
  let after: MemberId | null = null
  let renewed = 0
  for (;;) {
    const due: ReadonlyArray<Subscription> = yield* subscriptions.dueForRenewal(now, after, limit)
    for (const subscription of due) {
      const current = yield* unitOfWork.transaction(currentSubscription(subscription.memberId))
      if (current.renewsAt > now) renewed += 1
    }
    const last: Subscription | undefined = due.at(-1)
    if (last === undefined || due.length < limit) break
    after = last.memberId
  }
  return { renewed, at: now }
})
