import { Download, Trophy, Upload } from "lucide-react"
import { WIN_SHORT } from "../../plans/score-rule.ts"

const STEPS = [
  {
    title: "Download",
    text: "Download the day's line art and print it on Letter or A4 paper.",
    icon: Download,
  },
  {
    title: "Submit",
    text: "Color it your way, take a photo and submit it before the countdown ends.",
    icon: Upload,
  },
  {
    title: "Win",
    text: `The community votes. ${WIN_SHORT}. Winners are announced 24–48 hours after the deadline.`,
    icon: Trophy,
  },
] as const

/** 'How It Works' (§2 Home): Download, Submit, Win. */
export const HowItWorks = () => (
  <section aria-labelledby="how-title" className="py-12">
    <h2 id="how-title" className="text-2xl font-bold text-slate-900">
      How It Works
    </h2>
    <ol className="mt-6 grid gap-6 md:grid-cols-3">
      {STEPS.map((step, index) => (
        <li key={step.title} className="rounded-lg bg-brand-50 p-6">
          <span className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-white">
              <step.icon aria-hidden className="size-5" />
            </span>
            <h3 className="text-lg font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
          </span>
          <p className="mt-3 text-sm text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  </section>
)
