import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { JobLease } from "../../domain/jobs/job-lease.port.ts"
import { NOW, contract, unique } from "./support/contract.ts"

contract("JobLease", (test) => {
  test("one holder at a time until the lease expires; the holder renews its own", () =>
    Effect.gen(function* () {
      const leases = yield* JobLease
      const job = unique("job")
      expect(yield* leases.acquire(job, "a", NOW, NOW + 1000)).toBe(true)
      expect(yield* leases.acquire(job, "b", NOW + 10, NOW + 1010)).toBe(false)
      expect(yield* leases.acquire(job, "a", NOW + 20, NOW + 2000)).toBe(true)
      expect(yield* leases.acquire(job, "b", NOW + 1999, NOW + 3000)).toBe(false)
      expect(yield* leases.acquire(job, "b", NOW + 2000, NOW + 3000)).toBe(true)
    }))

  test("of many instances racing for a free lease, exactly one wins", () =>
    Effect.gen(function* () {
      const leases = yield* JobLease
      const job = unique("job")
      const results = yield* Effect.all(
        Array.from({ length: 20 }, (_, i) =>
          leases.acquire(job, `instance-${i}`, NOW, NOW + 60_000),
        ),
        { concurrency: "unbounded" },
      )
      expect(results.filter(Boolean)).toHaveLength(1)
    }))
})
