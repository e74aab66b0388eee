import { useEffect, useState } from "react"

/** The browser's clock, read again every `everyMs` (the countdown refreshes every second, §4). */
export const useNow = (everyMs = 1000): number => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs)
    return () => window.clearInterval(timer)
  }, [everyMs])
  return now
}
