import { errorOf, siteUrl } from "../../api/http.ts"
import { translate } from "../../../../ui/src/i18n.tsx"

/** The name the server gave the file (Content-Disposition), else `fallback`. */
export const fileNameFrom = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ""))
    } catch {
      // A malformed encoding: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition)
  const name = (plain?.[2] ?? plain?.[1] ?? "").trim()
  return name || fallback
}

const bodyOf = async (response: Response): Promise<unknown> => {
  try {
    return (await response.json()) as unknown
  } catch {
    return null
  }
}

/**
 * Downloads a file of ours into the person's downloads (fetch, then a link to the blob), so a
 * failure can be told instead of opening an error page. Answers the file's name.
 */
export const downloadFile = async (path: string, fallbackName: string): Promise<string> => {
  const response = await fetch(siteUrl(path), { credentials: "same-origin" })
  if (!response.ok)
    throw errorOf(response.status, await bodyOf(response), translate("web.home.download.error"))
  const name = fileNameFrom(response.headers.get("Content-Disposition"), fallbackName)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement("a")
  link.href = url
  link.download = name
  link.rel = "noopener"
  document.body.appendChild(link)
  link.click()
  link.remove()
  // The browser has started the download from the link; the blob can go a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000)
  return name
}
