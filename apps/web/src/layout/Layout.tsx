import type { ReactNode } from "react"
import { Link, NavLink, type Location } from "react-router-dom"
import { Button, buttonVariants } from "../../../ui/src/button.tsx"
import { BrandLink, MenuButton, navLinkClass, SkipLink, useMenu } from "../../../ui/src/shell.tsx"
import { Logo } from "../../../ui/src/logo.tsx"
import { PageOutlet } from "../entries/PageOutlet.tsx"
import { useRouteTitle } from "./page-title.ts"
import { useScrollSettle } from "./scroll-settle.ts"
import { AuthDialogProvider, useAuthDialog } from "../session/auth-dialog-context.tsx"
import { SessionProvider, useSession } from "../session/session.tsx"
import { MemberTimeZone } from "./member-time-zone.tsx"
import { NotificationBell } from "./NotificationBell.tsx"
import { useT } from "../../../ui/src/i18n.tsx"
import { LanguageSwitch, MemberLanguage } from "./language.tsx"
import { SITE_NAME } from "../../../../domain/site/page-titles.ts"

const NAV = [
  { to: "/", label: "web.layout.nav.home" },
  { to: "/gallery", label: "web.layout.nav.gallery" },
  { to: "/contests", label: "web.layout.nav.results" },
  { to: "/leaderboard", label: "web.layout.nav.leaderboard" },
  { to: "/rewards", label: "web.layout.nav.rewards" },
  { to: "/pricing", label: "web.layout.nav.pricing" },
  { to: "/contact", label: "web.layout.nav.contact" },
  { to: "/about", label: "web.layout.nav.about" },
  { to: "/faq", label: "web.layout.nav.faq" },
] as const

const navClass = navLinkClass("whitespace-nowrap", "px-2 xl:px-3")

const AccountActions = ({ onDone }: { readonly onDone?: () => void }) => {
  const { member, signOut } = useSession()
  const auth = useAuthDialog()
  const t = useT()
  if (member === undefined) return null
  if (member === null) {
    return (
      <>
        <Button variant="ghost" onClick={() => (auth.open("signin"), onDone?.())}>
          {t("web.layout.account.signIn")}
        </Button>
        <Button onClick={() => (auth.open("signup"), onDone?.())}>
          {t("web.layout.account.signUp")}
        </Button>
      </>
    )
  }
  return (
    <>
      {member.isAdmin && (
        // The dashboard is its own app (apps/admin): a full page load, never part of this bundle.
        <a href="/admin" className={buttonVariants({ variant: "ghost" })}>
          {t("web.layout.account.dashboard")}
        </a>
      )}
      {(member.isJudge || member.isAdmin) && (
        // Judges work here, on the site: the dashboard stays the admins'.
        <Link to="/judging" className={buttonVariants({ variant: "ghost" })} onClick={onDone}>
          {t("web.layout.account.judging")}
        </Link>
      )}
      <Link to="/profile" className={buttonVariants({ variant: "ghost" })} onClick={onDone}>
        {t("web.layout.account.profile")}
      </Link>
      <Button variant="secondary" onClick={() => void signOut().then(() => onDone?.())}>
        {t("web.layout.account.signOut")}
      </Button>
    </>
  )
}

const Header = () => {
  const [menuOpen, setMenuOpen] = useMenu()
  const t = useT()
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink>{SITE_NAME}</BrandLink>
        <nav aria-label={t("web.layout.nav.main")} className="hidden items-center gap-1 lg:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={navClass}>
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <NotificationBell />
        <div className="hidden items-center gap-2 lg:flex">
          <AccountActions />
        </div>
        <MenuButton
          open={menuOpen}
          controls="mobile-menu"
          className="lg:hidden"
          onToggle={() => setMenuOpen((open) => !open)}
        />
      </div>
      {menuOpen && (
        <div
          id="mobile-menu"
          className="max-h-[650px] overflow-y-auto border-t border-slate-200 lg:hidden"
        >
          <nav aria-label={t("web.layout.nav.mobile")} className="flex flex-col gap-1 px-4 py-3">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === "/"} className={navClass}>
                {t(item.label)}
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
  { to: "/contests", label: "web.layout.footer.pastContests" },
  { to: "/about", label: "web.layout.footer.about" },
  { to: "/faq", label: "web.layout.footer.faq" },
  { to: "/contact", label: "web.layout.footer.contact" },
  { to: "/terms", label: "web.layout.footer.terms" },
  { to: "/privacy", label: "web.layout.footer.privacy" },
  { to: "/forgot-password", label: "web.layout.footer.forgotPassword" },
] as const

const Footer = () => {
  const t = useT()
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div aria-hidden className="pencil-stripe h-1" />
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo className="text-lg text-foreground" markClassName="size-7" />
          <p>{t("web.layout.footer.cause")}</p>
        </div>
        <div className="flex flex-col gap-3 md:items-end">
          <nav aria-label={t("web.layout.footer.nav")} className="flex flex-wrap gap-x-4 gap-y-2">
            {FOOTER_LINKS.map((item) => (
              <Link key={item.to} to={item.to} className="hover:text-brand-700 hover:underline">
                {t(item.label)}
              </Link>
            ))}
          </nav>
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  )
}

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
/** Titles each page from its route (a component, so it sits under the router's location). */
const RouteTitle = () => {
  useRouteTitle()
  return null
}

/** A new page starts at the top; back/forward lands where the page was (see scroll-settle.ts). */
const ScrollSettle = () => {
  useScrollSettle(scrollKey)
  return null
}

/**
 * The frame every page sits in: the skip link, the sticky header, the page, the footer. The
 * build also renders it with an empty page into index.html (render-shell.tsx), so a phone paints
 * the header before the scripts arrive.
 */
export const Frame = ({ children }: { readonly children?: ReactNode }) => (
  <div className="flex min-h-screen flex-col overflow-x-clip">
    <SkipLink />
    <Header />
    {/* At least a screen tall: the footer starts below the fold, so a page whose content
        arrives after the first paint pushes nothing on screen (CLS 0.24 on /gallery and
        /leaderboard at 412 px before). */}
    <main id="main" className="min-h-svh flex-1">
      {children}
    </main>
    <Footer />
  </div>
)

export const Layout = () => (
  <SessionProvider>
    <MemberTimeZone />
    <MemberLanguage />
    <RouteTitle />
    <AuthDialogProvider>
      <Frame>
        <PageOutlet />
      </Frame>
      <ScrollSettle />
    </AuthDialogProvider>
  </SessionProvider>
)
