import { useMutation } from "@tanstack/react-query"
import { useEffect, useState, type FormEvent } from "react"
import { twoFactorApi, type TwoFactorEnrolment } from "../../api/two-factor-api.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { DialogDescription, DialogShell, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { fieldMessageOf, messageOf } from "../../../../ui/src/messages.ts"
import { Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { Field } from "./controls.tsx"

/** The secret in groups of four, as authenticator apps show keys to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ")

/** The QR code the server drew (an SVG document), as an image: no markup of ours is injected. */
const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

const RECOVERY_FILE = "colorday-recovery-codes.txt"

/** The recovery codes as a file to keep: one a line, with what they are for. */
const recoveryText = (codes: ReadonlyArray<string>) =>
  [
    "Colorday recovery codes",
    "Each code signs you in once when you cannot use your authenticator app.",
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
    onError: (error) => setCodeError(fieldMessageOf(error, ["code"], "The code was not accepted")),
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
      toast({ title: "Recovery codes copied" })
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the codes and copy them, or download them.",
        variant: "destructive",
      })
    }
  }

  const download = (codes: ReadonlyArray<string>) => {
    const url = URL.createObjectURL(new Blob([recoveryText(codes)], { type: "text/plain" }))
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
          <DialogTitle>Save your recovery codes</DialogTitle>
          <DialogDescription>
            Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once.
            They are shown only now: copy them or download them, and keep them somewhere safe.
          </DialogDescription>
          <ol
            aria-label="Recovery codes"
            className="mt-4 grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900"
          >
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ol>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => void copy(recoveryCodes)}>
              Copy codes
            </Button>
            <Button variant="secondary" onClick={() => download(recoveryCodes)}>
              Download
            </Button>
            <Button onClick={() => close(false)}>Done</Button>
          </div>
        </>
      ) : (
        <>
          <DialogTitle>Turn on two-factor sign-in</DialogTitle>
          <DialogDescription>
            Scan the QR code with an authenticator app (such as Google Authenticator, 1Password or
            Authy), or enter the key by hand, then type the 6-digit code it shows.
          </DialogDescription>
          {start.isError ? (
            <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              <p>{messageOf(start.error, "Two-factor sign-in could not be started")}</p>
              <Button variant="secondary" className="mt-2" onClick={() => begin()}>
                Try again
              </Button>
            </div>
          ) : enrolment === undefined ? (
            <div className="mt-4">
              <Spinner label="Preparing your key..." />
            </div>
          ) : (
            <form onSubmit={submit} className="mt-4 grid gap-4">
              <img
                src={qrSource(enrolment.qrCodeSvg)}
                alt="QR code for your authenticator app"
                width={192}
                height={192}
                className="mx-auto size-48 rounded-md border border-slate-200"
              />
              <div>
                <p className="text-sm font-medium text-slate-900">Key</p>
                <p
                  aria-label="Key to enter in your authenticator app"
                  data-secret={enrolment.secret}
                  className="mt-1 rounded-md bg-slate-50 p-2 font-mono text-sm break-all text-slate-900 select-all"
                >
                  {grouped(enrolment.secret)}
                </p>
              </div>
              <Field
                id="two-factor-code"
                label="Code from your app"
                autoComplete="one-time-code"
                required
                maxLength={7}
                value={code}
                onChange={setCode}
                {...(codeError ? { error: codeError } : {})}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => close(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={confirm.isPending}>
                  {confirm.isPending ? "Checking..." : "Turn on"}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </DialogShell>
  )
}
