import { ImageOff } from "lucide-react"
import { Link } from "react-router-dom"
import { buttonVariants } from "../../../../ui/src/button.tsx"

/** An unknown entry, or one a moderator took down: said plainly, with a way on. */
export const EntryNotFound = ({ heading }: { readonly heading: React.ReactNode }) => (
  <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
    <ImageOff aria-hidden className="size-10 text-slate-500" />
    {heading}
    <p className="text-slate-600">
      This entry does not exist, or it is no longer shown. It may have been removed.
    </p>
    <Link to="/gallery" className={buttonVariants({ variant: "primary", className: "mt-2" })}>
      Browse the gallery
    </Link>
  </div>
)
