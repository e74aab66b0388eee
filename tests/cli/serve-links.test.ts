import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listeningUrl } from "../../cli/serve.command.ts"
import { freePort, waitForListening } from "../e2e/support/site.ts"
import { NODE, REPO } from "./support/run-cli.ts"

/**
 * Without PUBLIC_URL, the links a server mails point at where it listens: a member who signs up
 * on a server started with --port 3917 gets a verification link on :3917, not on :3000.
 */

describe("the address in links when PUBLIC_URL is unset", () => {
  it("is localhost for a loopback or wildcard host, the host otherwise, the default for port 0", () => {
    expect(listeningUrl("127.0.0.1", 3917)).toBe("http://localhost:3917")
    expect(listeningUrl("0.0.0.0", 8080)).toBe("http://localhost:8080")
    expect(listeningUrl("::", 8080)).toBe("http://localhost:8080")
    expect(listeningUrl("colorday.lan", 80)).toBe("http://colorday.lan:80")
    expect(listeningUrl("fd00::5", 80)).toBe("http://[fd00::5]:80")
    expect(listeningUrl("127.0.0.1", 0)).toBeUndefined()
  })

  describe("a server on another port", () => {
    let dataDir = ""
    let child: ChildProcess | undefined
    let output = ""
    let port = 0

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), "colorday-links-"))
      port = await freePort()
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
      for (const name of ["PUBLIC_URL", "DATABASE_URL", "SMTP_URL", "PORT", "HOST"])
        delete env[name]
      child = spawn(NODE, ["cli/main.ts", "serve", "--port", String(port), "--no-demo"], {
        cwd: REPO,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      })
      child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
      child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
      await waitForListening(child, () => output)
    })
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child?.once("exit", resolve))
        child.kill("SIGTERM")
        await exited
      }
      await rm(dataDir, { recursive: true, force: true })
    })

    it("mails a verification link on that port", async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/users`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: "links@example.test",
          password: "correct horse battery",
          firstName: "Grace",
          lastName: "Hopper",
          username: "links_test",
          dateOfBirth: "1985-12-09",
        }),
      })
      expect(answer.status, await answer.text()).toBe(201)
      // The embedded default's sender logs each mail with its link, about once a second.
      const deadline = Date.now() + 30_000
      while (!/mail → links@example\.test/.test(output) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const line = output.split("\n").find((text) => text.includes("mail → links@example.test"))
      expect(line, output).toMatch(new RegExp(`http://localhost:${port}/verify-email/\\S+$`))
    })
  })
})
