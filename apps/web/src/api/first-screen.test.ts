import { afterEach, describe, expect, it, vi } from "vitest"

/** A page as the server writes it, with its first-screen block (adapters/http/first-screen.ts). */
const writeBlock = (id: string, text: string) => {
  const script = document.createElement("script")
  script.type = "application/json"
  script.id = id
  script.textContent = text
  document.head.append(script)
}

// Each test loads the modules afresh: the block is read once per page.
// The page has just loaded (answers are kept for FIRST_SCREEN_FRESH_MS after navigation): a
// machine busy enough to take seconds importing the modules must not age them out.
const load = async () => {
  vi.spyOn(performance, "now").mockReturnValue(1_000)
  vi.resetModules()
  const firstScreen = await import("./first-screen.ts")
  const http = await import("./http.ts")
  return { ...firstScreen, ...http }
}

afterEach(() => {
  vi.restoreAllMocks()
  document.head.innerHTML = ""
})

describe("the first screen's answers in the page", () => {
  it("answers each call once, as the API would, then leaves the rest to the network", async () => {
    const { FIRST_SCREEN_ID, request, ApiError } = await load()
    const contest = { id: "c1", title: "Autumn </script> leaves" }
    writeBlock(
      FIRST_SCREEN_ID,
      JSON.stringify({
        "/api/challenges/current-active": { status: 200, body: contest },
        "/api/session": {
          status: 401,
          body: { code: "AUTHENTICATION_REQUIRED", message: "Please sign in first" },
        },
      }).replace(/</g, "\\u003c"),
    )
    const fetched = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ id: "c2" }), { status: 200 }))
    expect(await request("GET", "/api/challenges/current-active")).toEqual(contest)
    // The block is gone from the page once read.
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull()
    const refused = await request("GET", "/api/session").catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 401, code: "AUTHENTICATION_REQUIRED" })
    expect(fetched).not.toHaveBeenCalled()

    // Asked again (a refetch): the API answers.
    expect(await request("GET", "/api/challenges/current-active")).toEqual({ id: "c2" })
    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it("answers a call with a query only when it asks for the query written, in any order", async () => {
    const { FIRST_SCREEN_ID, takeInPageAnswer } = await load()
    const page = { items: [], nextCursor: null }
    writeBlock(
      FIRST_SCREEN_ID,
      JSON.stringify({ "/api/gallery?limit=24&sort=newest&tab=all": { status: 200, body: page } }),
    )
    // Another order, or another page size, or a time zone the server did not answer for: no.
    expect(takeInPageAnswer("GET", "/api/gallery", { tab: "all", sort: "top", limit: 24 })).toBe(
      undefined,
    )
    expect(takeInPageAnswer("GET", "/api/gallery", { tab: "all", sort: "newest" })).toBeUndefined()
    expect(
      takeInPageAnswer("GET", "/api/gallery", { tab: "all", sort: "newest", limit: 24, tz: "UTC" }),
    ).toBeUndefined()
    expect(takeInPageAnswer("POST", "/api/gallery", undefined)).toBeUndefined()
    // The call GalleryPage makes: values as numbers, unset ones left out.
    expect(
      takeInPageAnswer("GET", "/api/gallery", {
        sort: "newest",
        tab: "all",
        limit: 24,
        cursor: undefined,
        seed: undefined,
        tz: undefined,
      }),
    ).toEqual({ status: 200, body: page })
    // Once.
    expect(takeInPageAnswer("GET", "/api/gallery", { tab: "all", sort: "newest", limit: 24 })).toBe(
      undefined,
    )
  })

  it("never answers after the page's first seconds", async () => {
    const { FIRST_SCREEN_ID, FIRST_SCREEN_FRESH_MS, takeInPageAnswer } = await load()
    writeBlock(FIRST_SCREEN_ID, JSON.stringify({ "/api/session": { status: 200, body: {} } }))
    vi.spyOn(performance, "now").mockReturnValue(FIRST_SCREEN_FRESH_MS + 1)
    expect(takeInPageAnswer("GET", "/api/session", undefined)).toBeUndefined()
  })

  it("treats a damaged block as no answer", async () => {
    const { FIRST_SCREEN_ID, takeInPageAnswer } = await load()
    writeBlock(FIRST_SCREEN_ID, "{ not json")
    expect(takeInPageAnswer("GET", "/api/session", undefined)).toBeUndefined()
  })
})
