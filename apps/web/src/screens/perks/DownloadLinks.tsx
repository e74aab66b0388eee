import "../pricing/catalog.ts"
import { Download } from "lucide-react"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"

/** A page's downloads as the server names them: the PNG and a print PDF per paper. */
export interface PageDownloads {
  readonly png: string
  readonly pdf: { readonly [paper: string]: string }
}

const PAPER_NAMES: Readonly<Record<string, string>> = {
  letter: "web.pricing.paper.letter",
  a4: "web.pricing.paper.a4",
}

/** Links that save a page as a PNG or a print-ready PDF (the server sends attachments). */
export const DownloadLinks = ({
  downloads,
  what,
}: {
  readonly downloads: PageDownloads
  /** The page, for the links' accessible names ("Download tomorrow's page as PNG"). */
  readonly what: string
}) => {
  const t = useT()
  const paperName = (paper: string) => {
    const id = PAPER_NAMES[paper]
    return id === undefined ? paper : t(id)
  }
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={downloads.png}
        download
        aria-label={t("web.pricing.download.png", { what })}
        className={buttonVariants({ variant: "primary" })}
      >
        <Download aria-hidden className="size-4" />
        PNG
      </a>
      {Object.entries(downloads.pdf).map(([paper, href]) => (
        <a
          key={paper}
          href={href}
          download
          aria-label={t("web.pricing.download.pdf", { what, paper: paperName(paper) })}
          className={buttonVariants({ variant: "secondary" })}
        >
          <Download aria-hidden className="size-4" />
          {t("web.pricing.download.pdfButton", { paper: paperName(paper) })}
        </a>
      ))}
    </div>
  )
}
