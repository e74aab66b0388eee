import { Context, Effect, Layer } from "effect"
import { KnownDeviceRepository } from "../../domain/accounts/known-device.port.ts"
import { Database, isUniqueViolation } from "./database.ts"
import { type KnownDeviceRow, KnownDeviceTable } from "./device-tables.ts"

/** The browsers each member signed in from (`known_devices`). */
export const makeKnownDeviceRepository = Effect.gen(function* () {
  const db = yield* Database
  return KnownDeviceRepository.of({
    any: (memberId) =>
      db.run((m) => m.getRepository<KnownDeviceRow>(KnownDeviceTable).existsBy({ memberId })),
    remember: (memberId, deviceHash, at) =>
      db.run(async (m) => {
        const devices = m.getRepository<KnownDeviceRow>(KnownDeviceTable)
        if (await devices.existsBy({ memberId, deviceHash })) return false
        try {
          await devices.insert({ memberId, deviceHash, firstSeenAt: at })
          return true
        } catch (error) {
          // A racing sign-in from the same browser added it first.
          if (isUniqueViolation(error)) return false
          throw error
        }
      }),
  })
})

export const layerKnownDeviceRepository = Layer.effectContext(
  Effect.map(makeKnownDeviceRepository, (repository) =>
    Context.make(KnownDeviceRepository, repository),
  ),
)
