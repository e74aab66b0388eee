import { useState, type FormEvent } from "react"
import { serverMessage } from "../../session/auth/api-errors.ts"
import { useToast } from "../../../../ui/src/toast.tsx"

/**
 * The form of the two "mail me a link" pages (forgot password, resend verification): one e-mail
 * field, Sending… while busy, then a sent view that names the address, with a way back to the
 * form. The server answers the same whether or not the account exists.
 */
export const useMailALink = (options: {
  readonly send: (email: string) => Promise<{ readonly message: string }>
  readonly sentTitle: string
  readonly failedTitle: string
  readonly failedDefault: string
}) => {
  const toast = useToast()
  const [email, setEmail] = useState("")
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const address = email.trim()
    if (address === "") return
    setBusy(true)
    try {
      const answer = await options.send(address)
      setSentTo(address)
      toast({ title: options.sentTitle, description: answer.message })
    } catch (error) {
      toast({
        title: options.failedTitle,
        description: serverMessage(error) ?? options.failedDefault,
        variant: "destructive",
      })
    } finally {
      setBusy(false)
    }
  }

  /** Try Another Email: back to an empty form. */
  const tryAnother = () => {
    setEmail("")
    setSentTo(null)
  }

  return {
    email,
    setEmail,
    busy,
    sentTo,
    tryAnother,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  }
}
