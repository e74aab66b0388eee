import { Link } from "react-router-dom"
import { buttonVariants } from "../../../ui/src/button.tsx"
import { NotFoundPage as SharedNotFoundPage } from "../../../ui/src/error-page.tsx"

/** Any path the site does not have. */
const NotFoundPage = () => (
  <SharedNotFoundPage className="py-24">
    <Link to="/" className={buttonVariants()}>
      Back to Home
    </Link>
    <Link to="/gallery" className={buttonVariants({ variant: "secondary" })}>
      Visit the Gallery
    </Link>
  </SharedNotFoundPage>
)

export default NotFoundPage
