import type { MemberId } from "../shared/ids.ts"

/**
 * How a drawing's winner is picked and checked: plain functions over WebCrypto (Node and browsers
 * have the same one), so `colorday drawings verify` and the drawing's page run this very code.
 *
 * 1. Commitment: SHA-256 of the seed's 32 bytes, published before entries close.
 * 2. Entrant list: the member ids, each once, sorted by UTF-16 code units (JavaScript's default
 *    sort); its hash is SHA-256 of the ids joined by "\n" (UTF-8), lowercase hex.
 * 3. Winner: HMAC-SHA-256 with the seed's bytes as key over the list hash (its 64 hex characters).
 *    The 32 bytes are read as eight 32-bit big-endian numbers; the first one below the largest
 *    multiple of N (the number of entrants) that fits in 2^32 picks entrant number `value mod N`.
 *    Rejecting the values at or above that multiple is what keeps every entrant's odds exactly
 *    1/N (a plain `mod N` would favour the first entrants when 2^32 is not a multiple of N). If
 *    all eight are rejected, the next block is HMAC-SHA-256(seed, previous block), and so on.
 */

export const SEED_BYTES = 32

const encoder = new TextEncoder()

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")

/** Lowercase hex of exactly 32 bytes: the only shape a seed has. */
export const isSeed = (value: string): boolean => /^[0-9a-f]{64}$/.test(value)

const seedBytes = (seed: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(seed.length / 2)
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(seed.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

const sha256 = async (bytes: Uint8Array<ArrayBuffer>): Promise<string> =>
  toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)))

const hmacSha256 = async (
  key: Uint8Array<ArrayBuffer>,
  message: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> => {
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    key,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  )
  return new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message))
}

/** A fresh secret seed: 32 bytes from the platform's cryptographic random source, as hex. */
export const newSeed = (): string => toHex(crypto.getRandomValues(new Uint8Array(SEED_BYTES)))

/** What is published before the draw: SHA-256 of the seed's bytes, lowercase hex. */
export const commitmentOf = (seed: string): Promise<string> => sha256(seedBytes(seed))

/** The entrant list in its one fixed order: each id once, sorted. */
export const entrantList = (ids: Iterable<MemberId>): ReadonlyArray<MemberId> =>
  [...new Set(ids)].sort()

/** SHA-256 of the entrant ids joined by "\n", lowercase hex. */
export const listHashOf = (entrants: ReadonlyArray<MemberId>): Promise<string> =>
  sha256(encoder.encode(entrants.join("\n")))

/** 2^32: how many values a 32-bit chunk can take. */
const RANGE = 2 ** 32

/** The values a chunk may take for `count` entrants: below the largest multiple of `count`. */
export const acceptedBelow = (count: number): number => Math.floor(RANGE / count) * count

/** An entrant's index from one 32-bit chunk, or null when the chunk is rejected (see above). */
export const pickIndex = (chunk: number, count: number): number | null =>
  chunk < acceptedBelow(count) ? chunk % count : null

/** The eight 32-bit big-endian numbers of a 32-byte block. */
export const chunksOf = (block: Uint8Array): ReadonlyArray<number> => {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength)
  return Array.from({ length: Math.floor(block.byteLength / 4) }, (_, i) => view.getUint32(i * 4))
}

/** The winner's position in the entrant list; null when there are no entrants. */
export const winnerIndex = async (
  seed: string,
  listHash: string,
  count: number,
): Promise<number | null> => {
  if (count < 1) return null
  const key = seedBytes(seed)
  let block = await hmacSha256(key, encoder.encode(listHash))
  for (;;) {
    for (const chunk of chunksOf(block)) {
      const index = pickIndex(chunk, count)
      if (index !== null) return index
    }
    block = await hmacSha256(key, block)
  }
}

export interface DrawResult {
  readonly entrants: ReadonlyArray<MemberId>
  readonly listHash: string
  readonly winnerId: MemberId | null
}

/** The draw itself: the list in its order, its hash, and the winner picked from seed and hash. */
export const drawWinner = async (seed: string, ids: Iterable<MemberId>): Promise<DrawResult> => {
  const entrants = entrantList(ids)
  const listHash = await listHashOf(entrants)
  const index = await winnerIndex(seed, listHash, entrants.length)
  return { entrants, listHash, winnerId: index === null ? null : (entrants[index] ?? null) }
}

/** What a drawing publishes after its draw: everything needed to check it. */
export interface PublishedDraw {
  readonly commitment: string
  readonly seed: string
  readonly entrants: ReadonlyArray<MemberId>
  readonly listHash: string
  readonly winnerId: MemberId | null
}

export type DrawCheck = "seed" | "commitment" | "entrant-order" | "list-hash" | "winner"

export type Verification =
  | { readonly ok: true; readonly winnerId: MemberId | null }
  | { readonly ok: false; readonly failed: DrawCheck; readonly message: string }

const failed = (check: DrawCheck, message: string): Verification => ({
  ok: false,
  failed: check,
  message,
})

/**
 * Re-derives a draw from what was published; the first check that does not hold is named. Each
 * step depends only on published values, so anyone can run it.
 */
export const verifyDraw = async (draw: PublishedDraw): Promise<Verification> => {
  if (!isSeed(draw.seed)) return failed("seed", "The seed is not 64 lowercase hex characters")
  const commitment = await commitmentOf(draw.seed)
  if (commitment !== draw.commitment) {
    return failed(
      "commitment",
      `SHA-256 of the seed is ${commitment}, not the commitment ${draw.commitment}`,
    )
  }
  const ordered = entrantList(draw.entrants)
  if (ordered.length !== draw.entrants.length || ordered.some((id, i) => id !== draw.entrants[i])) {
    return failed("entrant-order", "The entrant list is not each id once, in sorted order")
  }
  const listHash = await listHashOf(draw.entrants)
  if (listHash !== draw.listHash) {
    return failed("list-hash", `The entrant list hashes to ${listHash}, not ${draw.listHash}`)
  }
  const index = await winnerIndex(draw.seed, listHash, draw.entrants.length)
  const winnerId = index === null ? null : (draw.entrants[index] ?? null)
  if (winnerId !== draw.winnerId) {
    return failed(
      "winner",
      `Seed and list pick ${winnerId ?? "no winner"}, not ${draw.winnerId ?? "no winner"}`,
    )
  }
  return { ok: true, winnerId }
}
