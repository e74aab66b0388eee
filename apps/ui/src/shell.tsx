import { Menu as MenuIcon, X } from "lucide-react"
import { useEffect, useState, type ReactNode } from "react"
import { Link, useLocation } from "react-router-dom"
import { cn } from "./cn.ts"
import { useT } from "./i18n.tsx"
import { LogoMark } from "./logo.tsx"

/**
 * The pieces of the apps' frame (apps/web's Layout, apps/admin's AdminLayout): the skip link,
 * the brand, the navigation links' look and the narrow screen's menu button.
 */

/** The first stop of the Tab key: straight to the page's <main id="main">. */
export const SkipLink = () => {
  const t = useT()
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
    >
      {t("ui.shell.skip")}
    </a>
  )
}

/** The mark and the name, linking to the app's home. */
export const BrandLink = ({
  children,
  className,
  size = "default",
}: {
  readonly children: ReactNode
  readonly className?: string
  readonly size?: "default" | "sm"
}) => (
  <Link
    to="/"
    className={cn(
      "flex items-center gap-2 font-display font-semibold tracking-tight text-foreground",
      size === "default" ? "text-xl" : "text-base",
      className,
    )}
  >
    <LogoMark className={size === "sm" ? "size-7" : "size-9"} />
    {children}
  </Link>
)

/**
 * A navigation link's look; the router's NavLink passes `isActive`. The horizontal padding is its
 * own argument, so a page's header can change it without a class to replace (cn then only joins,
 * and the first render does not build tailwind-merge: issue 20).
 */
export const navLinkClass =
  (extra?: string, padding = "px-3") =>
  ({ isActive }: { readonly isActive: boolean }): string =>
    cn(
      "rounded-control py-2 text-sm font-medium",
      padding,
      isActive ? "bg-accent text-accent-foreground" : "text-slate-700 hover:bg-muted",
      extra,
    )

/** Whether the narrow screen's menu is open; it closes whenever the page changes. */
export const useMenu = (): readonly [
  boolean,
  (open: boolean | ((open: boolean) => boolean)) => void,
] => {
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()
  useEffect(() => setOpen(false), [pathname])
  return [open, setOpen]
}

/** The narrow screen's menu button, naming what it will do and which element it controls. */
export const MenuButton = ({
  open,
  controls,
  onToggle,
  className,
}: {
  readonly open: boolean
  readonly controls: string
  readonly onToggle: () => void
  readonly className?: string
}) => {
  const t = useT()
  return (
    <button
      type="button"
      className={cn("rounded-md p-2 text-slate-700 hover:bg-muted", className)}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? t("ui.shell.closeMenu") : t("ui.shell.openMenu")}
      onClick={onToggle}
    >
      {open ? <X aria-hidden className="size-6" /> : <MenuIcon aria-hidden className="size-6" />}
    </button>
  )
}
