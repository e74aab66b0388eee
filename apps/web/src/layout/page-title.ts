import { useEffect, useLayoutEffect } from "react"
import { useLocation } from "react-router-dom"
import { pageText, sitePage, type PageText } from "../../../../domain/site/page-titles.ts"
import { useLanguage, useT } from "../../../ui/src/i18n.tsx"

/** Puts a page's title in the tab and its description in the head's description tag. */
export const showPageText = (text: PageText): void => {
  document.title = text.title
  document.querySelector('meta[name="description"]')?.setAttribute("content", text.description)
}

/**
 * The layout's part: each navigation titles the page from its route, from the same table the
 * server renders them from (domain/site/page-titles.ts), in the page's language (a switch of language
 * retitles the page). A contest's, an artist's or an entry's
 * page then names what it shows once it is loaded (usePageText). On the first page of a visit the
 * server has already titled such a page by what it shows, so that title stays.
 *
 * A layout effect: it runs before the screens' effects, so a screen whose data is already cached
 * still has the last word.
 */
export const useRouteTitle = (): void => {
  const { pathname, key } = useLocation()
  const t = useT()
  const language = useLanguage()
  useLayoutEffect(() => {
    const page = sitePage(pathname)
    const namesWhatItShows =
      page.kind === "contest" || page.kind === "artist" || page.kind === "entry"
    // The router's first entry is keyed "default": the page the server rendered.
    if (namesWhatItShows && key === "default") return
    showPageText(pageText(page.text, t))
    // The language too: `t` is one function whatever the language.
  }, [pathname, key, t, language])
}

/** A screen's part: the page's own title once what it shows is known (undefined: not yet). */
export const usePageText = (text: PageText | undefined): void => {
  const title = text?.title
  const description = text?.description
  useEffect(() => {
    if (title !== undefined && description !== undefined) showPageText({ title, description })
  }, [title, description])
}
