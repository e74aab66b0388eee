import "../../entries/catalog.ts"
import { ImageOff } from "lucide-react"
import { Link } from "react-router-dom"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"

/** An unknown entry, or one a moderator took down: said plainly, with a way on. */
export const EntryNotFound = ({ heading }: { readonly heading: React.ReactNode }) => {
  const t = useT()
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <ImageOff aria-hidden className="size-10 text-slate-500" />
      {heading}
      <p className="text-slate-600">{t("web.entry.notFoundText")}</p>
      <Link to="/gallery" className={buttonVariants({ variant: "primary", className: "mt-2" })}>
        {t("web.entry.browseGallery")}
      </Link>
    </div>
  )
}
