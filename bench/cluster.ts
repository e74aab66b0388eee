// Cluster benchmark (issue 23): vote and gallery throughput of one `colorday serve` against two,
// in the same run, on one MariaDB/MySQL database (MYSQL_URL, else mysql://root@127.0.0.1:3306,
// a fresh database dropped afterwards), with the rate limits in the shared Redis (REDIS_URL, else
// 127.0.0.1:6379) and images on s3rver: the cluster test tier's set-up (tests/cluster/support).
// autocannon loads 64 connections on 127.0.0.1: all on instance A, then half on A and half on B
// at once (two autocannon runs, their figures summed), as a balancer would spread them. Every
// request carries its own X-Forwarded-For (TRUST_PROXY=1), so the per-address limits of the one
// shared Redis do not turn a benchmark into 429s; votes still count per member in Redis.
// Prints requests per second and p50/p99; never asserts a time. `npm run bench -- cluster`.
//
// On a 2-core machine two servers, the database, Redis and autocannon share the same cores, so
// "two" measures the cost of the cluster's shared state more than added capacity.
import { randomInt, randomUUID } from "node:crypto"
import autocannon from "autocannon"
import { Effect } from "effect"
import sharp from "sharp"
import { registerMember } from "../domain/accounts/register-member.use-case.ts"
import { createContest } from "../domain/contests/create-contest.use-case.ts"
import { newEntry } from "../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../domain/submissions/entry.port.ts"
import { ImageStore } from "../domain/submissions/image-store.port.ts"
import { type Cluster, type Instance, startCluster } from "../tests/cluster/support/cluster.ts"
import { type Vote, voteRequests } from "./support/votes.ts"
import { decimals, integer, printTable } from "./support/table.ts"

const CONNECTIONS = 64
const DURATION_SECONDS = 10
const WARMUP_SECONDS = 2
const VOTERS = 200
const ENTRIES = 40
const PASSWORD = "bench cluster voter"
const HOUR = 3_600_000

/** Client addresses of this run (10.x.y.z), one per request. */
const runNet = `10.${randomInt(256)}.${randomInt(256)}`
const anyAddress = () => `${runNet}.${randomInt(1, 255)}`
/** The voters' usernames (and e-mails) start with it. */
const RUN_TAG = `v${randomUUID().replaceAll("-", "").slice(0, 10)}`

interface Figures {
  readonly requestsPerSecond: number
  readonly p50: number
  readonly p99: number
  readonly ok: number
  readonly refused: number
  readonly errors: number
  /** The answers that were not 2xx, by status ("403×12, 429×3"). */
  readonly others: string
}

const autocannonRun = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (error: unknown, result) => {
      if (error instanceof Error) reject(error)
      else if (error) reject(new Error(`autocannon failed: ${JSON.stringify(error)}`))
      else resolve(result)
    })
  })

/** Seeds an open contest with ENTRIES entries and VOTERS members; signs the voters in. */
const seed = async (cluster: Cluster, instance: Instance) => {
  const now = Date.now()
  const contest = await cluster.run(
    createContest({
      title: "Bench contest",
      description: "The cluster bench's contest",
      contestType: `bench${randomUUID().slice(0, 8)}`,
      artStyle: "mandala",
      startsAt: now - HOUR,
      endsAt: now + HOUR,
    }),
  )
  const members = await Promise.all(
    Array.from({ length: VOTERS }, (_, n) => {
      const username = `${RUN_TAG}${n}`
      return cluster.run(
        registerMember({
          email: `${username}@example.test`,
          password: PASSWORD,
          firstName: "Bench",
          lastName: "Voter",
          username,
          dateOfBirth: "1990-01-01",
          verified: true,
        }),
      )
    }),
  )
  const png = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer()
  const entryIds: Array<{ readonly id: string; readonly owner: string }> = []
  for (let n = 0; n < ENTRIES; n++) {
    const member = members[n % members.length]
    if (!member) break
    const id = await cluster.run(
      Effect.gen(function* () {
        const image = (yield* (yield* ImageStore).store(new Uint8Array(png), "entry")).key
        const entry = newEntry({
          id: randomUUID(),
          contestId: contest.id,
          memberId: member.id,
          artistName: member.username,
          image,
          createdAt: Date.now() - n * 1000,
        })
        yield* (yield* EntryRepository).insert(entry)
        return entry.id
      }),
    )
    entryIds.push({ id, owner: member.id })
  }
  const votes: Array<Vote> = []
  for (let start = 0; start < members.length; start += 20) {
    const batch = await Promise.all(
      members.slice(start, start + 20).map(async (member) => {
        // Nobody votes for their own entry (403 SELF_VOTE would only blur the figures).
        const own = (entry: { readonly owner: string }) => entry.owner === member.id
        const response = await fetch(`${instance.url}/api/users/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": anyAddress() },
          body: JSON.stringify({ email: member.email, password: PASSWORD }),
        })
        if (response.status !== 200) {
          throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
        }
        const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
        return entryIds
          .filter((entry) => !own(entry))
          .map((entry) => ({ cookie, entryId: entry.id }))
      }),
    )
    for (const pairs of batch) votes.push(...pairs)
  }
  // Mixed, so concurrent requests spread over voters and entries as in real life.
  for (let i = votes.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[votes[i], votes[j]] = [votes[j] as Vote, votes[i] as Vote]
  }
  return { votes, memberIds: members.map((member) => member.id) }
}

const galleryOptions = (url: string): autocannon.Options => ({
  url,
  requests: [
    {
      method: "GET",
      path: "/api/gallery?tab=all&sort=top&limit=24",
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, "x-forwarded-for": anyAddress() },
      }),
    },
  ],
})

const othersOf = (results: ReadonlyArray<autocannon.Result>) => {
  const counts = new Map<string, number>()
  for (const result of results) {
    for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
      if (status.startsWith("2")) continue
      counts.set(status, (counts.get(status) ?? 0) + (stats.count ?? 0))
    }
  }
  return [...counts].map(([status, count]) => `${status}×${count}`).join(", ") || "none"
}

/** `options(i, n)` on each of `instances` at once, the connections split between them. */
const load = async (
  instances: ReadonlyArray<Instance>,
  options: (instance: Instance, index: number) => autocannon.Options,
  duration: number,
): Promise<Figures> => {
  const share = Math.floor(CONNECTIONS / instances.length)
  const results = await Promise.all(
    instances.map((instance, index) =>
      autocannonRun({ ...options(instance, index), connections: share, duration }),
    ),
  )
  // Throughput adds up; latency is the worst of the parts (each part's own percentile).
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    ok: results.reduce((sum, r) => sum + r["2xx"], 0),
    refused: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    others: othersOf(results),
  }
}

const main = async () => {
  const only = process.argv.slice(2)
  const CASES = ["cluster gallery", "cluster vote"]
  if (only.length > 0 && !CASES.some((name) => only.some((word) => name.includes(word)))) {
    console.log(`\nNo cluster case matches ${only.join(", ")}; cases: ${CASES.join("; ")}`)
    return
  }
  const wanted = (name: string) => only.length === 0 || only.some((word) => name.includes(word))
  console.log(
    `\nColorday cluster bench: Node ${process.version}, autocannon, ${CONNECTIONS} connections on ` +
      `127.0.0.1 (split evenly over the instances), ${DURATION_SECONDS} s per case (after ` +
      `${WARMUP_SECONDS} s of warm-up), \`colorday serve\` processes on one MariaDB/MySQL ` +
      `database with Redis rate limits and s3rver images. Figures only: nothing is asserted.`,
  )
  let cluster: Cluster
  try {
    cluster = await startCluster({ instances: 2 })
  } catch (error) {
    console.log(`\n!!! the cluster bench is SKIPPED: ${(error as Error).message}`)
    process.exitCode = 1
    return
  }
  try {
    const [a, b] = cluster.instances as [Instance, Instance]
    const { votes, memberIds } = await seed(cluster, a)
    const half = Math.floor(votes.length / 2)
    console.log(
      `\n${VOTERS} voters, ${ENTRIES} entries: ${votes.length} voter/entry pairs, a fresh half for each vote case`,
    )
    const rows: Array<ReadonlyArray<string>> = []
    const millis = decimals(1)
    const row = (name: string, figures: Figures, note: string) =>
      rows.push([
        name,
        integer.format(figures.requestsPerSecond),
        millis.format(figures.p50),
        millis.format(figures.p99),
        integer.format(figures.ok),
        integer.format(figures.refused),
        integer.format(figures.errors),
        note,
      ])
    const setups = [
      { label: "1 instance", instances: [a] },
      { label: "2 instances", instances: [a, b] },
    ]
    if (wanted("cluster gallery")) {
      for (const { label, instances } of setups) {
        await load(instances, (i) => galleryOptions(i.url), WARMUP_SECONDS)
        const figures = await load(instances, (i) => galleryOptions(i.url), DURATION_SECONDS)
        row(
          `cluster gallery, ${label}`,
          figures,
          `GET /api/gallery, first page of 24, top-rated; not 2xx: ${figures.others}`,
        )
      }
    }
    if (wanted("cluster vote")) {
      for (const [n, { label, instances }] of setups.entries()) {
        // Each setup votes over pairs of its own, so each starts with every pair unvoted.
        const pairs = votes.slice(n * half, (n + 1) * half)
        const slice = Math.ceil(pairs.length / instances.length)
        const figures = await load(
          instances,
          (instance, index) =>
            voteRequests(instance.url, pairs.slice(index * slice, (index + 1) * slice), () => ({
              "x-forwarded-for": anyAddress(),
            })),
          DURATION_SECONDS,
        )
        row(
          `cluster vote, ${label}`,
          figures,
          `POST a vote, each pair once; not 2xx: ${figures.others}`,
        )
      }
    }
    console.log()
    printTable(["case", "req/s", "p50 ms", "p99 ms", "2xx", "non-2xx", "errors", "what"], rows)
    // This run's counters: its addresses, its voters' e-mails (sign-in) and ids (votes), once
    // the servers have stopped (requests autocannon left in flight still count when answered).
    await Promise.all(cluster.instances.map((instance) => instance.stop()))
    await cluster.forgetRateLimits([`${runNet}.`, RUN_TAG, ...memberIds])
  } finally {
    await cluster.close()
  }
}

await main()
