import { Download } from "lucide-react"
import { buttonVariants } from "../../../../ui/src/button.tsx"

/** A page's downloads as the server names them: the PNG and a print PDF per paper. */
export interface PageDownloads {
  readonly png: string
  readonly pdf: { readonly [paper: string]: string }
}

const PAPER_NAMES: Readonly<Record<string, string>> = { letter: "US Letter", a4: "A4" }

/** Links that save a page as a PNG or a print-ready PDF (the server sends attachments). */
export const DownloadLinks = ({
  downloads,
  what,
}: {
  readonly downloads: PageDownloads
  /** The page, for the links' accessible names ("Download tomorrow's page as PNG"). */
  readonly what: string
}) => (
  <div className="flex flex-wrap gap-2">
    <a
      href={downloads.png}
      download
      aria-label={`Download ${what} as PNG`}
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
        aria-label={`Download ${what} as a print PDF, ${PAPER_NAMES[paper] ?? paper}`}
        className={buttonVariants({ variant: "secondary" })}
      >
        <Download aria-hidden className="size-4" />
        PDF, {PAPER_NAMES[paper] ?? paper}
      </a>
    ))}
  </div>
)
