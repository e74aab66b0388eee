/** Two-factor secrets, recovery codes and waiting sign-ins, in memory. */
import { Effect, Option } from "effect"
import { CHALLENGE_TTL_MS } from "../../domain/accounts/two-factor.entity.ts"
import { KnownDeviceRepository } from "../../domain/accounts/known-device.port.ts"
import { TwoFactorRepository } from "../../domain/accounts/two-factor.port.ts"
import type { MemoryStore } from "./memory-store.ts"

export const twoFactor = (store: MemoryStore) => {
  const codeKey = (memberId: string, hash: string) => `${memberId}|${hash}`
  return TwoFactorRepository.of({
    find: (memberId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.twoFactor.get(memberId))),
    put: (given) => Effect.sync(() => void store.tables.twoFactor.set(given.memberId, given)),
    remove: (memberId) =>
      Effect.sync(() => {
        store.tables.twoFactor.delete(memberId)
        for (const [key, code] of store.tables.recoveryCodes) {
          if (code.memberId === memberId) store.tables.recoveryCodes.delete(key)
        }
        for (const [id, challenge] of store.tables.twoFactorChallenges) {
          if (challenge.memberId === memberId) store.tables.twoFactorChallenges.delete(id)
        }
      }),
    useStep: (memberId, step) =>
      Effect.sync(() => {
        const found = store.tables.twoFactor.get(memberId)
        if (!found || (found.lastUsedStep !== null && found.lastUsedStep >= step)) return false
        store.tables.twoFactor.set(memberId, { ...found, lastUsedStep: step })
        return true
      }),
    replaceRecoveryCodes: (memberId, hashes, at) =>
      Effect.sync(() => {
        for (const [key, code] of store.tables.recoveryCodes) {
          if (code.memberId === memberId) store.tables.recoveryCodes.delete(key)
        }
        for (const hash of hashes) {
          store.tables.recoveryCodes.set(codeKey(memberId, hash), {
            memberId,
            hash,
            createdAt: at,
            usedAt: null,
          })
        }
      }),
    useRecoveryCode: (memberId, hash, at) =>
      Effect.sync(() => {
        const found = store.tables.recoveryCodes.get(codeKey(memberId, hash))
        if (!found || found.usedAt !== null) return false
        store.tables.recoveryCodes.set(codeKey(memberId, hash), { ...found, usedAt: at })
        return true
      }),
    recoveryCodesLeft: (memberId) =>
      Effect.sync(
        () =>
          [...store.tables.recoveryCodes.values()].filter(
            (code) => code.memberId === memberId && code.usedAt === null,
          ).length,
      ),
    createChallenge: (challenge) =>
      Effect.sync(() => {
        const now = challenge.expiresAt - CHALLENGE_TTL_MS
        for (const [id, old] of store.tables.twoFactorChallenges) {
          if (old.memberId === challenge.memberId && old.expiresAt < now) {
            store.tables.twoFactorChallenges.delete(id)
          }
        }
        store.tables.twoFactorChallenges.set(challenge.id, challenge)
      }),
    findChallenge: (id) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.twoFactorChallenges.get(id))),
    failChallenge: (id) =>
      Effect.sync(() => {
        const found = store.tables.twoFactorChallenges.get(id)
        if (found)
          store.tables.twoFactorChallenges.set(id, { ...found, failures: found.failures + 1 })
      }),
    deleteChallenge: (id) => Effect.sync(() => void store.tables.twoFactorChallenges.delete(id)),
  })
}

/** The browsers each member signed in from (login notifications), in memory. */
export const knownDevices = (store: MemoryStore) =>
  KnownDeviceRepository.of({
    any: (memberId) =>
      Effect.sync(() =>
        [...store.tables.knownDevices].some((key) => key.startsWith(`${memberId}|`)),
      ),
    remember: (memberId, deviceHash) =>
      Effect.sync(() => {
        const key = `${memberId}|${deviceHash}`
        if (store.tables.knownDevices.has(key)) return false
        store.tables.knownDevices.add(key)
        return true
      }),
  })
