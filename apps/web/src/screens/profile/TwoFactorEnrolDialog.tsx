import "./catalog.ts"
import { useMutation } from "@tanstack/react-query"
import { useEffect, useState, type FormEvent } from "react"
import { twoFactorApi, type TwoFactorEnrolment } from "../../api/two-factor-api.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { DialogDescription, DialogShell, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { fieldMessageOf, messageOf } from "../../../../ui/src/messages.ts"
import { Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { Field } from "./controls.tsx"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"

/** The secret in groups of four, as authenticator apps show keys to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ")

/** The QR code the server drew (an SVG document), as an image: no markup of ours is injected. */
const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

const RECOVERY_FILE = "colorday-recovery-codes.txt"

/** The recovery codes as a file to keep: one a line, with what they are for. */
const recoveryText = (codes: ReadonlyArray<string>, t: Translate) =>
  [
    t("web.settings.twoFactor.fileTitle"),
    t("web.settings.twoFactor.fileLead"),
    "",
    ...codes,
    "",
  ].join("\n")

/**
 * Turning two-factor sign-in on: the QR code and the key as text, a first code from the app to
 * confirm; then the ten recovery codes, shown this once, to copy or download. Closed before the
 * code is confirmed, two-factor sign-in stays off.
 */
export const TwoFactorEnrolDialog = ({
  memberId,
  open,
  onOpenChange,
  onEnabled,
}: {
  readonly memberId: string
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly onEnabled: () => void
}) => {
  const t = useT()
  const toast = useToast()
  const [code, setCode] = useState("")
  const [codeError, setCodeError] = useState<string | undefined>(undefined)
  const [recoveryCodes, setRecoveryCodes] = useState<ReadonlyArray<string> | null>(null)
  const start = useMutation({ mutationFn: () => twoFactorApi.startEnrolment(memberId) })
  const confirm = useMutation({
    mutationFn: (given: string) => twoFactorApi.confirmEnrolment(memberId, given),
    onSuccess: (answer) => {
      setRecoveryCodes(answer.recoveryCodes)
      onEnabled()
    },
    onError: (error) =>
      setCodeError(fieldMessageOf(error, ["code"], t("web.settings.twoFactor.codeRefused"))),
  })
  const { mutate: begin, reset: resetStart } = start

  useEffect(() => {
    if (open) begin()
  }, [open, begin])

  const close = (next: boolean) => {
    onOpenChange(next)
    if (!next) {
      setCode("")
      setCodeError(undefined)
      setRecoveryCodes(null)
      resetStart()
      confirm.reset()
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setCodeError(undefined)
    confirm.mutate(code.trim())
  }

  const copy = async (codes: ReadonlyArray<string>) => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"))
      toast({ title: t("web.settings.twoFactor.copied") })
    } catch {
      toast({
        title: t("web.settings.twoFactor.copyFailed"),
        description: t("web.settings.twoFactor.copyFailedDescription"),
        variant: "destructive",
      })
    }
  }

  const download = (codes: ReadonlyArray<string>) => {
    const url = URL.createObjectURL(new Blob([recoveryText(codes, t)], { type: "text/plain" }))
    const link = document.createElement("a")
    link.href = url
    link.download = RECOVERY_FILE
    link.click()
    URL.revokeObjectURL(url)
  }

  const enrolment: TwoFactorEnrolment | undefined = start.data

  return (
    <DialogShell open={open} onOpenChange={close} className="max-w-md">
      {recoveryCodes ? (
        <>
          <DialogTitle>{t("web.settings.twoFactor.saveTitle")}</DialogTitle>
          <DialogDescription>{t("web.settings.twoFactor.saveLead")}</DialogDescription>
          <ol
            aria-label={t("web.settings.twoFactor.codes")}
            className="mt-4 grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900"
          >
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ol>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => void copy(recoveryCodes)}>
              {t("web.settings.twoFactor.copy")}
            </Button>
            <Button variant="secondary" onClick={() => download(recoveryCodes)}>
              {t("web.settings.twoFactor.download")}
            </Button>
            <Button onClick={() => close(false)}>{t("web.settings.twoFactor.done")}</Button>
          </div>
        </>
      ) : (
        <>
          <DialogTitle>{t("web.settings.twoFactor.onTitle")}</DialogTitle>
          <DialogDescription>{t("web.settings.twoFactor.onLead")}</DialogDescription>
          {start.isError ? (
            <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              <p>{messageOf(start.error, t("web.settings.twoFactor.startFailed"))}</p>
              <Button variant="secondary" className="mt-2" onClick={() => begin()}>
                {t("web.settings.tryAgain")}
              </Button>
            </div>
          ) : enrolment === undefined ? (
            <div className="mt-4">
              <Spinner label={t("web.settings.twoFactor.preparing")} />
            </div>
          ) : (
            <form onSubmit={submit} className="mt-4 grid gap-4">
              <img
                src={qrSource(enrolment.qrCodeSvg)}
                alt={t("web.settings.twoFactor.qr")}
                width={192}
                height={192}
                className="mx-auto size-48 rounded-md border border-slate-200"
              />
              <div>
                <p className="text-sm font-medium text-slate-900">
                  {t("web.settings.twoFactor.key")}
                </p>
                <p
                  aria-label={t("web.settings.twoFactor.keyLabel")}
                  data-secret={enrolment.secret}
                  className="mt-1 rounded-md bg-slate-50 p-2 font-mono text-sm break-all text-slate-900 select-all"
                >
                  {grouped(enrolment.secret)}
                </p>
              </div>
              <Field
                id="two-factor-code"
                label={t("web.settings.twoFactor.code")}
                autoComplete="one-time-code"
                required
                maxLength={7}
                value={code}
                onChange={setCode}
                {...(codeError ? { error: codeError } : {})}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => close(false)}>
                  {t("web.settings.cancel")}
                </Button>
                <Button type="submit" disabled={confirm.isPending}>
                  {confirm.isPending
                    ? t("web.settings.twoFactor.checking")
                    : t("web.settings.twoFactor.turnOn")}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </DialogShell>
  )
}
