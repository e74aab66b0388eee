import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { activateLanguage } from "./i18n.tsx"
import { LoadMore } from "./load-more.tsx"
import { ErrorState } from "./states.tsx"

/** A paged query whose next page failed without words of its own. */
const failedPages = {
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: true,
  error: new Error(""),
  fetchNextPage: () => Promise.resolve(),
}

describe("the kit's own words (issue 22)", () => {
  it("are the spec's English by default", () => {
    render(<ErrorState message="The list did not load" onRetry={() => {}} />)
    expect(screen.getByText("Something went wrong")).toBeTruthy()
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy()
  })

  it("follow the page's language: an error state and Load more in German", async () => {
    await activateLanguage("de")
    render(
      <>
        <ErrorState message="Die Liste wurde nicht geladen" onRetry={() => {}} />
        <LoadMore pages={failedPages} failure="Die nächste Seite wurde nicht geladen." retryHint />
      </>,
    )
    expect(screen.getByText("Etwas ist schiefgelaufen")).toBeTruthy()
    expect(screen.getByRole("button", { name: "Erneut versuchen" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Mehr laden" })).toBeTruthy()
    expect(
      screen.getByText(
        "Die nächste Seite wurde nicht geladen. Klicken Sie auf Mehr laden, um es erneut zu versuchen.",
      ),
    ).toBeTruthy()
    expect(screen.queryByText("Load more")).toBeNull()
  })
})
