// Image processing: the time and peak memory to take a 10 MB photo through what an upload does
// (the checks, then the three renditions from one decode, then the writes), of 8 such uploads
// arriving at once, and to make a print PDF of a 300 DPI page, with issue 20's aims beside. Prints figures only: it never asserts a time. `npm run bench` runs it after the rule and
// persistence benchmarks with the same words: `npm run bench -- images` runs only these cases,
// `npm run bench -- renditions` only the cases whose name contains "renditions".
//
// Each case runs in a child process of its own, so its peak memory (the resident set, which sees
// libvips' native buffers as well as JavaScript's) is its own.
import { execFileSync } from "node:child_process"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import sharp from "sharp"
import { inspectImage, MAX_IMAGE_BYTES } from "../adapters/images/inspect-image.ts"
import { printPdfOfPicture } from "../adapters/images/line-art-pdf.ts"
import { localImageObjects } from "../adapters/images/image-objects.ts"
import { makeImageStore } from "../adapters/images/image-store.ts"
import { IMAGE_THREADS, renderEntryPhoto } from "../adapters/images/process-image.ts"
import { releaseBytes } from "../adapters/images/release-bytes.ts"
import { SERVE_TUNING } from "../cli/serve.command.ts"

const WARMUP_RUNS = 1
const TIMED_RUNS = 5
/** Uploads at once in the burst case (issue 20: peak RSS ≤ 300 MB while 8 arrive). */
const UPLOADS_AT_ONCE = 8
const ROOT = join(import.meta.dirname, "..")

interface Case {
  readonly name: string
  /** Variables the case's process starts with (the allocator's settings). */
  readonly env?: Readonly<Record<string, string>>
  /** Issue 20's aim for the case, printed beside its figures ("" for none). */
  readonly aim: string
  /** The input file the case reads (made once by the parent). */
  readonly input: "photo" | "page"
  /** One run; returns a short summary of its output. */
  readonly run: (bytes: Uint8Array, scratch: string) => Promise<string>
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * Uploads of 10 MB arriving at once, as the HTTP layer holds them (uploads.ts): each on disk
 * until its turn (one per image thread), then read, stored and freed.
 */
const burst = (label: string, env?: Readonly<Record<string, string>>): Case => ({
  name: `images: ${UPLOADS_AT_ONCE} × 10 MB photos arriving at once, stored by one store${label}`,
  aim: "peak RSS ≤ 300 MB",
  input: "photo",
  ...(env ? { env } : {}),
  run: async (bytes, scratch) => {
    const store = makeImageStore(localImageObjects(scratch))
    const files = await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE }, async (_, n) => {
        const file = join(scratch, `upload-${n}`)
        await writeFile(file, bytes)
        return file
      }),
    )
    const stored = await Effect.runPromise(
      Effect.all(
        files.map((file) =>
          Effect.promise(() => readFile(file)).pipe(
            Effect.flatMap((upload) =>
              store
                .store(upload, "entry")
                .pipe(Effect.tap(() => Effect.sync(() => releaseBytes(upload)))),
            ),
          ),
        ),
        { concurrency: IMAGE_THREADS },
      ),
    )
    for (const image of stored) await Effect.runPromise(store.remove(image.key))
    return `${stored.length} stored`
  },
})

const CASES: ReadonlyArray<Case> = [
  {
    name: "images: check a 10 MB photo (type, size, pixels, structure)",
    aim: "",
    input: "photo",
    run: async (bytes) => {
      const image = await Effect.runPromise(inspectImage(bytes))
      return `${image.format} ${image.width}×${image.height}`
    },
  },
  {
    name: "images: renditions of a 10 MB photo (original JPEG, 1600 and 480 WebP)",
    aim: "",
    input: "photo",
    run: async (bytes) => {
      const made = await Effect.runPromise(renderEntryPhoto(bytes))
      return [made.original, made.display, made.thumbnail]
        .map((r) => `${r.width}×${r.height} ${megabytes(r.bytes.length)}`)
        .join(", ")
    },
  },
  {
    name: "images: store a 10 MB photo (check, renditions, atomic writes)",
    aim: "≤ 1,000 ms, peak RSS ≤ 300 MB",
    input: "photo",
    run: async (bytes, scratch) => {
      const store = makeImageStore(localImageObjects(scratch))
      const stored = await Effect.runPromise(store.store(bytes, "entry"))
      await Effect.runPromise(store.remove(stored.key))
      return `${stored.width}×${stored.height} display`
    },
  },
  burst(""),
  // glibc gives each thread that allocates its own arena and keeps what is freed in it, and
  // keeps large freed blocks once its threshold has risen: the same burst with the allocator's
  // settings `colorday serve` gives itself (SERVE_TUNING).
  burst(
    ` (${Object.entries(SERVE_TUNING.env)
      .map(([name, value]) => `${name}=${value}`)
      .join(" ")})`,
    SERVE_TUNING.env,
  ),
  {
    name: "images: print PDF (A4) of a 300 DPI line-art page",
    aim: "",
    input: "page",
    run: async (bytes) => {
      const pdf = await printPdfOfPicture(bytes, "a4", "bench")
      return megabytes(pdf.length)
    },
  },
]

// ---------------------------------------------------------------------------------------------
// Inputs

/** mulberry32: the same "photo" every run. */
const prng = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A photo of a colored page of just under 10 MB, the upload limit: a fixture photo enlarged to
 * 4800×5600 (27 MP, a high-end phone's size) with seeded sensor-like grain, as JPEG at the
 * highest quality that stays under 10 MB.
 */
const makePhoto = async (): Promise<Buffer> => {
  const { data, info } = await sharp(join(ROOT, "fixtures/entries/koi-pond-1.jpg"))
    .resize(4800, 5600, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const random = prng(20250618)
  for (let at = 0; at < data.length; at++) {
    const grain = (random() + random() + random() - 1.5) * 36
    data[at] = Math.max(0, Math.min(255, (data[at] as number) + grain))
  }
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
  for (let quality = 97; quality >= 60; quality -= 1) {
    const jpeg = await raw.clone().jpeg({ quality }).toBuffer()
    if (jpeg.length <= MAX_IMAGE_BYTES) return jpeg
  }
  throw new Error("could not make a photo under 10 MB")
}

/** A line-art page as an admin would upload it: A4 at 300 DPI (2480×3508), one grey channel. */
const makePage = () =>
  sharp(join(ROOT, "fixtures/line-art/koi-pond.png"))
    .resize(2480, 3508, { fit: "contain", background: "#ffffff" })
    .toColourspace("b-w")
    .png()
    .toBuffer()

// ---------------------------------------------------------------------------------------------
// A child: one case, its runs and its peak memory, printed as JSON.

interface Figures {
  readonly medianMs: number
  readonly minMs: number
  readonly peakRssMb: number
  readonly baselineRssMb: number
  readonly output: string
}

const child = async (index: number, file: string) => {
  const bench = CASES[index]
  if (!bench) throw new Error(`no case ${index}`)
  const bytes = new Uint8Array(await readFile(file))
  const scratch = await mkdtemp(join(tmpdir(), "colorday-bench-images-"))
  // Resident memory sampled every millisecond while the runs go on (sharp works on other
  // threads, so the event loop is free to sample): its peak, and where it stood before.
  const before = process.memoryUsage.rss()
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 1)
  let output = ""
  const samples: Array<number> = []
  try {
    for (let i = 0; i < WARMUP_RUNS; i++) output = await bench.run(bytes, scratch)
    for (let i = 0; i < TIMED_RUNS; i++) {
      const start = performance.now()
      output = await bench.run(bytes, scratch)
      samples.push(performance.now() - start)
    }
  } finally {
    clearInterval(sampler)
    await rm(scratch, { recursive: true, force: true })
  }
  peak = Math.max(peak, process.memoryUsage.rss())
  samples.sort((a, b) => a - b)
  const figures: Figures = {
    medianMs: samples[Math.floor(samples.length / 2)] as number,
    minMs: samples[0] as number,
    peakRssMb: peak / 1024 / 1024,
    baselineRssMb: before / 1024 / 1024,
    output,
  }
  process.stdout.write(JSON.stringify(figures))
}

// ---------------------------------------------------------------------------------------------
// The parent: inputs, one child per case, the table.

const millis = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

const parent = async () => {
  const only = process.argv.slice(2)
  const selected = CASES.map((bench, index) => ({ bench, index })).filter(
    ({ bench }) => only.length === 0 || only.some((word) => bench.name.includes(word)),
  )
  if (selected.length === 0) {
    // Not an error: the words may have been meant for the other benchmarks.
    console.log(
      `\nNo image case matches ${only.join(", ")}; cases: ${CASES.map((c) => c.name).join("; ")}`,
    )
    return
  }
  const scratch = await mkdtemp(join(tmpdir(), "colorday-bench-inputs-"))
  try {
    const photo = await makePhoto()
    const page = await makePage()
    const files = { photo: join(scratch, "photo.jpg"), page: join(scratch, "page.png") }
    await writeFile(files.photo, photo)
    await writeFile(files.page, page)
    const { width, height } = await sharp(photo).metadata()
    console.log(
      `\nColorday image bench: Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${
        sharp.versions.vips
      }), ${WARMUP_RUNS} warm-up + ${TIMED_RUNS} timed runs per case, each case in its own process.` +
        `\nPhoto: ${width}×${height} JPEG, ${megabytes(photo.length)}. Page: 2480×3508 PNG, ${megabytes(page.length)}.` +
        "\npeak RSS: the process's resident memory at its highest during the case's runs (sampled" +
        " every ms; libvips' native memory included); + over idle: above the same process just" +
        " before its first run.",
    )
    const rows: Array<ReadonlyArray<string>> = []
    for (const { bench, index } of selected) {
      const json = execFileSync(
        process.execPath,
        [import.meta.filename, "--child", String(index), files[bench.input]],
        { encoding: "utf8", maxBuffer: 1024 * 1024, env: { ...process.env, ...bench.env } },
      )
      const figures = JSON.parse(json) as Figures
      rows.push([
        bench.name,
        millis.format(figures.medianMs),
        millis.format(figures.minMs),
        `${millis.format(figures.peakRssMb)} MB`,
        `${millis.format(figures.peakRssMb - figures.baselineRssMb)} MB`,
        bench.aim,
        figures.output,
      ])
    }
    const header = ["case", "median ms", "min ms", "peak RSS", "+ over idle", "aim", "output"]
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)))
    const line = (row: ReadonlyArray<string>) =>
      row
        .map((cell, c) =>
          c === 0 || c >= header.length - 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!),
        )
        .join("  ")
        .trimEnd()
    console.log(line(header))
    console.log(widths.map((w) => "-".repeat(w)).join("  "))
    for (const row of rows) console.log(line(row))
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

if (process.argv[2] === "--child") {
  await child(Number(process.argv[3]), process.argv[4] as string)
} else {
  await parent()
}
