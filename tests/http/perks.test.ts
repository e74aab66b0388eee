import { readFile } from "node:fs/promises"
import { join, resolve } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { createContest } from "../../domain/contests/create-contest.use-case.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addMember,
  type Browser,
  bodyOf,
  roomyRateLimits,
  run,
  signInBrowser,
  uniqueName,
} from "./support/world.ts"

/**
 * The tier perks (issue 19) over HTTP: early access to tomorrow's line art (Color Champ),
 * the weekly premium page (Pro and Champ) and custom line art requests (Champ), each refused to
 * the plans without it with the plan that unlocks it; request mails counted in the outbox.
 */

const HOUR = 3_600_000
const FIXTURES = join(resolve(import.meta.dirname, "../.."), "fixtures")
const page = () => readFile(join(FIXTURES, "line-art", "butterfly-garden.png"))
const photo = () => readFile(join(FIXTURES, "entries", "koi-pond-1.jpg"))

describe.each(httpBackends)("tier perks on %s", (backend) => {
  let server: TestServer
  let admin: Browser

  const member = async (tier: Tier) => {
    const added = await addMember(server)
    await run(
      server,
      Effect.gen(function* () {
        yield* (yield* SubscriptionRepository).save(startSubscription(added.id, Date.now(), tier))
      }),
    )
    return { member: added, browser: await signInBrowser(server, added) }
  }

  /** A contest of its own type starting `startsIn` from now, with line art. */
  const contestWithLineArt = async (startsIn: number) => {
    const bytes = new Uint8Array(await page())
    return run(
      server,
      Effect.gen(function* () {
        const lineArt = yield* (yield* ImageStore).store(bytes, "line-art")
        const contest = yield* createContest({
          title: `Tomorrow ${uniqueName("")}`,
          description: "Early access test",
          contestType: uniqueName("early"),
          artStyle: "ink",
          startsAt: Date.now() + startsIn,
          endsAt: Date.now() + startsIn + 24 * HOUR,
        })
        const withArt = { ...contest, lineArt: lineArt.key }
        yield* (yield* ContestRepository).save(withArt)
        return withArt
      }),
    )
  }

  const multipart = async (
    browser: Browser,
    path: string,
    fields: Record<string, string>,
    files: Record<string, { bytes: Uint8Array; type: string; name: string }>,
  ) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    for (const [name, file] of Object.entries(files)) {
      form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
    }
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      body: form,
      headers: browser.cookie ? { Cookie: browser.cookie } : {},
    })
    const text = await response.text()
    return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> }
  }

  const requestMails = (to: Member) =>
    run(
      server,
      Effect.gen(function* () {
        const mails = yield* (yield* OutboxRepository).latest(500)
        return mails.filter((mail) => mail.to === to.email && mail.kind === "line-art-request")
      }),
    )

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    admin = await signInBrowser(server, await addMember(server, { admin: true }))
  })
  afterAll(async () => {
    await server?.close()
  })

  it("a Champ downloads tomorrow's line art from 18:00 the day before; a Lite member and visitors are refused", async () => {
    const champ = await member("champ")
    const lite = await member("lite")
    // Inside the window (it opens 6 hours before a start at local midnight).
    const tomorrow = await contestWithLineArt(3 * HOUR)
    // Not yet in the window, for anyone.
    const later = await contestWithLineArt(8 * HOUR)

    const early = await champ.browser.get("/api/early-access")
    expect(early.status, early.text).toBe(200)
    expect(early.body).toMatchObject({
      access: "granted",
      unlockedBy: "Color Champ",
      challenge: { id: tomorrow.id, status: "scheduled" },
      downloads: { png: `/api/challenges/${tomorrow.id}/line-art.png` },
    })
    expect(early.body.challenge.lineArt).toMatch(/^\/images\/line-art\//)
    const png = await champ.browser.get(`/api/challenges/${tomorrow.id}/line-art.png`)
    expect(png.status).toBe(200)
    expect(png.headers.get("content-type")).toBe("image/png")
    const pdf = await champ.browser.get(`/api/challenges/${tomorrow.id}/line-art.pdf?paper=a4`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toBe("application/pdf")

    const refused = await lite.browser.get(`/api/challenges/${tomorrow.id}/line-art.png`)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: "PERK_REQUIRED" })
    expect(refused.body.message).toContain("Color Champ")
    expect(refused.body.message).toContain("/pricing")
    const visitor = client(server.url)
    expect((await visitor.get(`/api/challenges/${tomorrow.id}/line-art.pdf`)).status).toBe(403)
    const locked = await lite.browser.get("/api/early-access")
    expect(locked.body).toMatchObject({ access: "locked", challenge: null, downloads: null })
    // The public contest does not show the page before it starts.
    const shown = await visitor.get(`/api/challenges/${tomorrow.id}`)
    expect(shown.body).toMatchObject({ id: tomorrow.id, lineArt: null, image_url: null })

    const tooEarly = await champ.browser.get(`/api/challenges/${later.id}/line-art.png`)
    expect(tooEarly.status).toBe(404)
  })

  it("the admin uploads this week's premium page; Pro downloads it, Lite sees it locked and is refused", async () => {
    const weeks = await admin.get("/api/admin/premium-pages")
    expect(weeks.status, weeks.text).toBe(200)
    const week = bodyOf<{ currentWeek: string }>(weeks).currentWeek
    const uploaded = await multipart(
      admin,
      "/api/admin/premium-pages",
      { week, title: "Snowy Owl" },
      { image: { bytes: new Uint8Array(await page()), type: "image/png", name: "owl.png" } },
    )
    expect(uploaded.status, uploaded.text).toBe(200)
    expect(uploaded.body).toMatchObject({ week, title: "Snowy Owl" })
    const badWeek = await multipart(
      admin,
      "/api/admin/premium-pages",
      { week: "2026-48", title: "Snowy Owl" },
      { image: { bytes: new Uint8Array(await page()), type: "image/png", name: "owl.png" } },
    )
    expect(badWeek.status).toBe(400)
    expect(badWeek.text).toContain("ISO week")

    const pro = await member("pro")
    const view = await pro.browser.get("/api/premium-page")
    expect(view.body).toMatchObject({
      week,
      access: "granted",
      page: { title: "Snowy Owl", downloads: { png: "/api/premium-page.png" } },
    })
    const png = await pro.browser.get("/api/premium-page.png")
    expect(png.status).toBe(200)
    expect(png.headers.get("content-disposition")).toContain(
      `colorday-premium-${week.toLowerCase()}.png`,
    )
    expect((await pro.browser.get("/api/premium-page.pdf?paper=letter")).status).toBe(200)

    const lite = await member("lite")
    const lockedView = await lite.browser.get("/api/premium-page")
    expect(lockedView.body).toEqual({
      week,
      access: "locked",
      unlockedBy: "Color Pro",
      title: "Snowy Owl",
      page: null,
    })
    const refused = await lite.browser.get("/api/premium-page.png")
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("PERK_REQUIRED")
  })

  it("a Champ files a request; the admin accepts and fulfils it with a contest; one mail a step", async () => {
    const champ = await member("champ")
    const filed = await multipart(
      champ.browser,
      "/api/line-art-requests",
      { brief: "A fox reading a book under a street lamp" },
      { reference: { bytes: new Uint8Array(await photo()), type: "image/jpeg", name: "fox.jpg" } },
    )
    expect(filed.status, filed.text).toBe(201)
    expect(filed.body).toMatchObject({ status: "open" })
    expect(filed.body.reference).toMatch(/^\/images\/entry\//)
    const id = filed.body.id as string

    const second = await champ.browser.post("/api/line-art-requests", {
      brief: "Another page while one waits",
    })
    expect(second.status).toBe(400)
    expect(second.text).toContain("still open")
    const lite = await member("lite")
    const refused = await lite.browser.post("/api/line-art-requests", {
      brief: "A fox reading a book under a street lamp",
    })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("PERK_REQUIRED")

    const queue = await admin.get("/api/admin/line-art-requests")
    expect(queue.status, queue.text).toBe(200)
    expect(
      bodyOf<Array<{ id: string; member: { email: string } }>>(queue).find((r) => r.id === id)
        ?.member.email,
    ).toBe(champ.member.email)
    const accepted = await admin.post(`/api/admin/line-art-requests/${id}/accept`)
    expect(accepted.status, accepted.text).toBe(200)
    const contest = await contestWithLineArt(72 * HOUR)
    const fulfilled = await admin.post(`/api/admin/line-art-requests/${id}/fulfil`, {
      contestId: contest.id,
    })
    expect(fulfilled.status, fulfilled.text).toBe(200)
    const again = await admin.post(`/api/admin/line-art-requests/${id}/decline`, {
      reason: "Too late",
    })
    expect(again.status).toBe(400)

    const mine = await champ.browser.get("/api/line-art-requests")
    expect(mine.body).toMatchObject({
      canRequest: true,
      requests: [{ id, status: "fulfilled", contestId: contest.id }],
    })
    const mails = await requestMails(champ.member)
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        "We received your custom line art request",
        "Your custom line art request was accepted",
        "Your custom line art is a contest",
      ].sort(),
    )
    expect(mails.find((m) => m.subject === "Your custom line art is a contest")?.text).toContain(
      contest.title,
    )
  })

  it("a declined request mails the reason once and lets the member file again", async () => {
    const champ = await member("champ")
    const filed = await champ.browser.post("/api/line-art-requests", {
      brief: "A lighthouse in a storm, seen from the sea",
    })
    expect(filed.status, filed.text).toBe(201)
    const empty = await admin.post(`/api/admin/line-art-requests/${filed.body.id}/decline`, {
      reason: " ",
    })
    expect(empty.status).toBe(400)
    const declined = await admin.post(`/api/admin/line-art-requests/${filed.body.id}/decline`, {
      reason: "We drew a lighthouse last week",
    })
    expect(declined.status, declined.text).toBe(200)
    const mails = await requestMails(champ.member)
    expect(mails).toHaveLength(2)
    expect(mails.filter((m) => m.text.includes("We drew a lighthouse last week"))).toHaveLength(1)
    const mine = await champ.browser.get("/api/line-art-requests")
    expect(mine.body).toMatchObject({
      canRequest: true,
      requests: [{ status: "declined", declineReason: "We drew a lighthouse last week" }],
    })
  })
})
