/**
 * TRUST_PROXY, read as the number of proxies in front of this server that append to
 * X-Forwarded-For: "" / "0" / "false" none, "1" / "true" one, "N" N. The client's address is the
 * N-th value from the right; whatever a client wrote further left is its own claim and is ignored.
 */
export const proxyHops = (value: string | undefined): number => {
  const text = (value ?? "").trim().toLowerCase()
  if (text === "" || text === "0" || text === "false") return 0
  if (text === "true") return 1
  if (/^\d{1,2}$/.test(text)) return Number(text)
  throw new Error(
    `TRUST_PROXY must be a number of proxy hops (0 to 99), true or false; got ${JSON.stringify(value)}`,
  )
}

/** HttpConfig.trustProxy as a hop count: true is one proxy, false none. */
export const hopsOf = (trustProxy: boolean | number): number =>
  trustProxy === true ? 1 : trustProxy === false ? 0 : Math.max(0, Math.floor(trustProxy))
