import { describe, expect, it } from "vitest"
import { hopsOf, proxyHops } from "./trust-proxy.ts"

describe("TRUST_PROXY as a number of hops", () => {
  it("reads unset, 0 and false as no proxy", () => {
    expect(proxyHops(undefined)).toBe(0)
    expect(proxyHops("")).toBe(0)
    expect(proxyHops("0")).toBe(0)
    expect(proxyHops("false")).toBe(0)
  })

  it("reads 1 and true as one proxy, N as N", () => {
    expect(proxyHops("1")).toBe(1)
    expect(proxyHops(" TRUE ")).toBe(1)
    expect(proxyHops("2")).toBe(2)
  })

  it("refuses what is not a count", () => {
    expect(() => proxyHops("yes")).toThrow(/TRUST_PROXY/)
    expect(() => proxyHops("-1")).toThrow(/TRUST_PROXY/)
    expect(() => proxyHops("1.5")).toThrow(/TRUST_PROXY/)
  })

  it("takes the config's boolean or count", () => {
    expect(hopsOf(true)).toBe(1)
    expect(hopsOf(false)).toBe(0)
    expect(hopsOf(3)).toBe(3)
  })
})
