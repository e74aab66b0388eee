import { Download, Trophy, Upload } from "lucide-react"
import { useT } from "../../../../ui/src/i18n.tsx"

const STEPS = [
  {
    title: "web.home.how.download.title",
    text: "web.home.how.download.text",
    icon: Download,
  },
  {
    title: "web.home.how.submit.title",
    text: "web.home.how.submit.text",
    icon: Upload,
  },
  {
    title: "web.home.how.win.title",
    text: "web.home.how.win.text",
    icon: Trophy,
  },
] as const

/** 'How It Works' (§2 Home): Download, Submit, Win. */
export const HowItWorks = () => {
  const t = useT()
  return (
    <section aria-labelledby="how-title" className="py-12">
      <h2 id="how-title" className="text-2xl font-bold text-slate-900">
        {t("web.home.how.title")}
      </h2>
      <ol className="mt-6 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-lg bg-brand-50 p-6">
            <span className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-white">
                <step.icon aria-hidden className="size-5" />
              </span>
              <h3 className="text-lg font-semibold text-slate-900">
                <span className="sr-only">{t("web.home.how.step", { number: index + 1 })}</span>
                {t(step.title)}
              </h3>
            </span>
            <p className="mt-3 text-sm text-slate-700">{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
