import { Clock, Effect } from "effect"
import { layerOfflinePayments } from "../payments/offline-payments.ts"
import { Memory } from "./memory.layers.ts"

/** The site address the memory world's offline checkout pretends to run on. */
export const MEMORY_PUBLIC_URL = "http://localhost:3000"

/** Payments in the memory world: the offline checkout, its sessions in the memory store. */
export const layerMemoryPayments = layerOfflinePayments({ publicUrl: MEMORY_PUBLIC_URL })

/** What the offline checkout page's Pay button does to a session (tests pay without HTTP). */
export const payOfflineCheckout = (sessionId: string) =>
  Effect.gen(function* () {
    const store = yield* Memory
    const now = yield* Clock.currentTimeMillis
    const session = store.tables.checkoutSessions.get(sessionId)
    if (!session) return yield* Effect.die(new Error(`no offline checkout ${sessionId}`))
    store.tables.checkoutSessions.set(sessionId, { ...session, status: "paid", completedAt: now })
  })
