/**
 * Draws the site's branded share card: the 1200×630 picture a link to a page without a picture
 * of its own (home, pricing, the FAQ…) previews with on social sites. An SVG (a warm paper
 * background, a fan of colored pencils as the mark, the name and the line under it) rendered
 * to PNG by sharp, written where Vite copies it into the site's build (apps/web/public/share).
 * Running it again gives the same picture; commit the result.
 *
 *   node_modules/.bin/node scripts/make-share-card.ts
 */
import { mkdir, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import sharp from "sharp"
import { SHARE_CARD } from "../domain/site/page-titles.ts"

const OUT = join(import.meta.dirname, "..", "apps", "web", "public", SHARE_CARD.path.slice(1))
const { width: W, height: H } = SHARE_CARD

/** The pencils of the mark, left to right: body colour and the darker tip. */
const PENCILS = [
  { body: "#e63946", tip: "#9d1c27" },
  { body: "#f4a261", tip: "#b5652a" },
  { body: "#f6c945", tip: "#b48d12" },
  { body: "#5fb36b", tip: "#2e7a3a" },
  { body: "#3a86c8", tip: "#1d5690" },
] as const

/** One pencil pointing up, its point at (0, 0), 36 wide and 250 long. */
const pencil = (body: string, tip: string) => `
  <rect x="-18" y="60" width="36" height="190" rx="4" fill="${body}" />
  <rect x="-18" y="60" width="12" height="190" fill="#ffffff" fill-opacity="0.18" />
  <rect x="-18" y="222" width="36" height="28" rx="3" fill="#d9c7a7" />
  <polygon points="-18,60 18,60 0,0" fill="#f3d9b1" />
  <polygon points="-6,20 6,20 0,0" fill="${tip}" />`

/** The mark: five pencils fanned out from one point below them. */
const mark = (cx: number, cy: number) => {
  return PENCILS.map((p, i) => {
    const angle = (i - 2) * 14
    return `<g transform="translate(${cx} ${cy}) rotate(${angle}) translate(0 -300)">${pencil(p.body, p.tip)}</g>`
  }).join("")
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="paper" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff6e9" />
      <stop offset="1" stop-color="#ffe1c4" />
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#paper)" />
  <path d="M-40 560 C 200 470, 420 640, 700 540 S 1100 470, 1260 560 L 1260 700 L -40 700 Z" fill="#f7b98b" fill-opacity="0.45" />
  <path d="M-40 600 C 260 530, 520 680, 820 590 S 1120 540, 1260 610 L 1260 700 L -40 700 Z" fill="#e9825a" fill-opacity="0.35" />
  ${mark(270, 470)}
  <text x="520" y="300" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="120" font-weight="bold" fill="#3b1f14" letter-spacing="-2">Colorday</text>
  <text x="524" y="372" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" fill="#7a3f22">The daily coloring contest</text>
  <text x="524" y="430" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="28" fill="#9a5a36">Color today's page · vote · win</text>
</svg>`

await mkdir(dirname(OUT), { recursive: true })
const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer()
const meta = await sharp(png).metadata()
if (meta.width !== W || meta.height !== H) {
  throw new Error(`The share card came out ${meta.width}×${meta.height}, not ${W}×${H}`)
}
await writeFile(OUT, png)
console.log(`Wrote ${OUT} (${W}×${H}, ${png.length} bytes)`)
