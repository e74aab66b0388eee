import { useQueryClient } from "@tanstack/react-query"
import { Download, Trash2 } from "lucide-react"
import { AlertDialog } from "radix-ui"
import { useEffect, useRef, useState, type FormEvent } from "react"
import { useNavigate } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { Member } from "../../api/types.ts"
import { SESSION_KEY, useSession } from "../../session/session.tsx"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { fieldMessageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { Field, SettingsCard } from "./controls.tsx"

/** Settings → your data: download everything we hold, or delete the account (with its password). */
export const AccountData = ({ member }: { readonly member: Member }) => {
  const client = useQueryClient()
  const { refresh } = useSession()
  const navigate = useNavigate()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState("")
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  // The session is read again only once this members-only page has left the screen: were the
  // member to become a visitor while it still shows, its guard would open the sign-in dialog.
  const deleted = useRef(false)
  const afterDeletion = useRef(() => {})
  afterDeletion.current = () => {
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] })
    void refresh()
  }
  useEffect(
    () => () => {
      if (deleted.current) afterDeletion.current()
    },
    [],
  )

  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      await api.deleteAccount(member.id, password)
    } catch (error) {
      setProblem(fieldMessageOf(error, ["password"], "Failed to delete the account"))
      setBusy(false)
      return
    }
    // The server ended every session: once home, reading it again shows the visitor's header.
    deleted.current = true
    toast({ title: "Account deleted", description: "Your account has been deleted." })
    await navigate("/", { replace: true })
  }

  return (
    <SettingsCard id="account-data" title="Your data">
      <div className="flex flex-col gap-6">
        <div>
          <p className="text-sm text-slate-700">
            Download a copy of everything we hold about you as a JSON file.
          </p>
          <a
            href={api.exportUrl(member.id)}
            download={`colorday-${member.username}.json`}
            className={buttonVariants({ variant: "secondary", className: "mt-3" })}
          >
            <Download aria-hidden className="size-4" />
            Download my data
          </a>
        </div>
        <div className="border-t border-slate-100 pt-6">
          <p className="text-sm text-slate-700">
            Deleting your account is permanent: you are signed out everywhere and cannot sign in
            again with this account.
          </p>
          <AlertDialog.Root
            open={open}
            onOpenChange={(next) => {
              setOpen(next)
              if (!next) {
                setPassword("")
                setProblem(null)
              }
            }}
          >
            <AlertDialog.Trigger asChild>
              <Button variant="danger" className="mt-3">
                <Trash2 aria-hidden className="size-4" />
                Delete account
              </Button>
            </AlertDialog.Trigger>
            <AlertDialog.Portal>
              <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
              <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
                <AlertDialog.Title className="text-lg font-semibold text-slate-900">
                  Delete your account?
                </AlertDialog.Title>
                <AlertDialog.Description className="mt-2 text-sm text-slate-700">
                  Your account {member.username} will be deleted and every session of it ended. This
                  cannot be undone. If you want a copy of your data, download it first. Enter your
                  password to confirm.
                </AlertDialog.Description>
                <form onSubmit={(event) => void remove(event)} className="mt-4 grid gap-4">
                  <Field
                    id="delete-password"
                    label="Password"
                    type="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={setPassword}
                  />
                  {problem && (
                    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                      {problem}
                    </p>
                  )}
                  <div className="flex flex-wrap justify-end gap-2">
                    <AlertDialog.Cancel asChild>
                      <Button variant="secondary">Keep my account</Button>
                    </AlertDialog.Cancel>
                    <Button type="submit" variant="danger" disabled={busy || password === ""}>
                      {busy ? "Deleting…" : "Delete my account"}
                    </Button>
                  </div>
                </form>
              </AlertDialog.Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        </div>
      </div>
    </SettingsCard>
  )
}
