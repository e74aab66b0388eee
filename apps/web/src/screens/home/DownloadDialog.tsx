import { Download } from "lucide-react"
import { useState } from "react"
import { api } from "../../api/api.ts"
import type { Contest } from "../../api/types.ts"
import { Button } from "../../../../ui/src/button.tsx"
import {
  DialogActions,
  DialogDescription,
  DialogShell,
  DialogTitle,
} from "../../../../ui/src/dialog.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { downloadFile } from "./download.ts"

type Format = "png" | "letter" | "a4"

const FORMATS: ReadonlyArray<{ readonly value: Format; readonly label: string }> = [
  { value: "png", label: "web.home.download.png" },
  { value: "letter", label: "web.home.download.letter" },
  { value: "a4", label: "web.home.download.a4" },
]

const pathOf = (contestId: string, format: Format) =>
  format === "png" ? api.lineArtPngUrl(contestId) : api.lineArtPdfUrl(contestId, format)

/**
 * The download confirmation (§2 Contest card): the line art as a PNG or a print PDF, really saved
 * as a file, then 'Download Complete' or 'Download Failed'. The server logs the download.
 */
export const DownloadDialog = ({
  contest,
  open,
  onOpenChange,
}: {
  readonly contest: Pick<Contest, "id" | "title">
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
}) => {
  const t = useT()
  const toast = useToast()
  const [format, setFormat] = useState<Format>("png")
  const [busy, setBusy] = useState(false)

  const download = async () => {
    setBusy(true)
    try {
      const name = await downloadFile(
        pathOf(contest.id, format),
        `colorday-line-art.${format === "png" ? "png" : "pdf"}`,
      )
      toast({
        title: t("web.home.download.complete"),
        description: t("web.home.download.saved", { name }),
      })
      onOpenChange(false)
    } catch (error) {
      toast({
        title: t("web.home.download.failed"),
        description: messageOf(error, t("web.home.download.failedText")),
        variant: "destructive",
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      <DialogTitle>{t("web.home.download.title")}</DialogTitle>
      <DialogDescription>
        {t("web.home.download.description", { title: contest.title })}
      </DialogDescription>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-900">
          {t("web.home.download.format")}
        </legend>
        <div className="mt-2 space-y-2">
          {FORMATS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="line-art-format"
                value={option.value}
                checked={format === option.value}
                onChange={() => setFormat(option.value)}
                className="size-4 accent-brand-600"
              />
              {t(option.label)}
            </label>
          ))}
        </div>
      </fieldset>
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t("web.home.download.close")}
        </Button>
        <Button onClick={() => void download()} disabled={busy} aria-busy={busy}>
          <Download aria-hidden className="size-4" />
          {t("web.home.card.download")}
        </Button>
      </DialogActions>
    </DialogShell>
  )
}
