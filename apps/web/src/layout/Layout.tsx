import { Menu, Palette, X } from "lucide-react"
import { useEffect, useState } from "react"
import { Link, NavLink, ScrollRestoration, useLocation, type Location } from "react-router-dom"
import { PageOutlet } from "../entries/PageOutlet.tsx"
import { AuthDialogProvider, useAuthDialog } from "../session/auth-dialog-context.tsx"
import { SessionProvider, useSession } from "../session/session.tsx"
import { Button, buttonClass } from "../ui/ui.tsx"

const NAV = [
  { to: "/", label: "Home" },
  { to: "/gallery", label: "Gallery" },
  { to: "/contests", label: "Results" },
  { to: "/leaderboard", label: "Leaderboard" },
  { to: "/rewards", label: "Rewards" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact", label: "Contact" },
  { to: "/about", label: "About" },
  { to: "/faq", label: "FAQ" },
] as const

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap xl:px-3 ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`

const AccountActions = ({ onDone }: { readonly onDone?: () => void }) => {
  const { member, signOut } = useSession()
  const auth = useAuthDialog()
  if (member === undefined) return null
  if (member === null) {
    return (
      <>
        <Button variant="ghost" onClick={() => (auth.open("signin"), onDone?.())}>
          Sign In
        </Button>
        <Button onClick={() => (auth.open("signup"), onDone?.())}>Sign Up</Button>
      </>
    )
  }
  return (
    <>
      {member.isAdmin && (
        // The dashboard is its own app (apps/admin): a full page load, never part of this bundle.
        <a href="/admin" className={buttonClass("ghost")}>
          Dashboard
        </a>
      )}
      <Link to="/profile" className={buttonClass("ghost")} onClick={onDone}>
        Profile
      </Link>
      <Button variant="secondary" onClick={() => void signOut().then(() => onDone?.())}>
        Sign Out
      </Button>
    </>
  )
}

const Header = () => {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  useEffect(() => setMenuOpen(false), [location.pathname])
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <Palette aria-hidden className="size-6" />
          Colorday
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={navClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <AccountActions />
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden className="size-6" />
          ) : (
            <Menu aria-hidden className="size-6" />
          )}
        </button>
      </div>
      {menuOpen && (
        <div
          id="mobile-menu"
          className="max-h-[650px] overflow-y-auto border-t border-slate-200 lg:hidden"
        >
          <nav aria-label="Mobile" className="flex flex-col gap-1 px-4 py-3">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === "/"} className={navClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3">
            <AccountActions onDone={() => setMenuOpen(false)} />
          </div>
        </div>
      )}
    </header>
  )
}

const FOOTER_LINKS = [
  { to: "/contests", label: "Past contests" },
  { to: "/about", label: "About" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/forgot-password", label: "Forgot password" },
] as const

const Footer = () => (
  <footer className="mt-16 border-t border-slate-200 bg-slate-50">
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:px-6 md:flex-row md:items-center md:justify-between">
      <p>A portion of submission fees goes to art education for underserved communities.</p>
      <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
        {FOOTER_LINKS.map((item) => (
          <Link key={item.to} to={item.to} className="hover:text-brand-700 hover:underline">
            {item.label}
          </Link>
        ))}
      </nav>
    </div>
  </footer>
)

/** The key each shared-link visit got, so closing a lightbox over it finds its position again. */
const linkedVisits = new Map<string, string>()

/**
 * Where back/forward restores the scroll position. A shared link (/gallery?submission=…) scrolls
 * to its own card, so each page load gives it a key nothing was saved under: the router must not
 * put back the tab's earlier position over that scroll. Within the visit the key stays, so the
 * gallery behind a closed lightbox keeps where it was.
 */
const scrollKey = (location: Location): string => {
  if (!new URLSearchParams(location.search).has("submission")) return location.key
  const known = linkedVisits.get(location.key)
  if (known) return known
  const key = `linked-entry:${location.key}:${Date.now()}`
  linkedVisits.set(location.key, key)
  return key
}

/** Every page of the site: the sticky header, the page, the footer. */
export const Layout = () => (
  <SessionProvider>
    <AuthDialogProvider>
      <div className="flex min-h-screen flex-col overflow-x-clip">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <Header />
        <main id="main" className="flex-1">
          <PageOutlet />
        </main>
        <Footer />
      </div>
      <ScrollRestoration getKey={scrollKey} />
    </AuthDialogProvider>
  </SessionProvider>
)
