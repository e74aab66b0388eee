import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeCanvas, type TestCanvas } from "./test-support.ts"
import { componentsOf } from "./component-props.ts"
import { parseText } from "./jsx-tree.ts"

/* The components a canvas exports and the props an element of each must be given (issue 21). */

describe("the sample app's components", () => {
  let canvas: TestCanvas
  beforeAll(async () => {
    canvas = await makeCanvas()
  })
  afterAll(() => canvas.dispose())

  it("lists every exported component with its file and required props, read from the source", async () => {
    const components = await canvas.run(canvas.rewriter.listComponents(canvas.root))
    const byName = new Map(components.map((component) => [component.name, component]))
    expect(components.map((component) => component.name)).toEqual([
      "App",
      "Badge",
      "Footer",
      "Header",
      "TaskItem",
      "TaskList",
    ])
    // TaskItem takes a Task object and a callback: nothing a form can fill.
    expect(byName.get("TaskItem")).toEqual({
      name: "TaskItem",
      file: "src/components/TaskItem.tsx",
      requiredProps: [
        { name: "task", kind: "other", options: [], typeText: "Task" },
        { name: "onToggle", kind: "other", options: [], typeText: "(id: number) => void" },
      ],
    })
    expect(byName.get("Badge")?.requiredProps).toEqual([
      { name: "label", kind: "string", options: [], typeText: "string" },
      { name: "tone", kind: "choice", options: ["green", "gray"], typeText: '"green" | "gray"' },
    ])
    // subtitle?: string is optional.
    expect(byName.get("Header")?.requiredProps).toEqual([
      { name: "title", kind: "string", options: [], typeText: "string" },
    ])
    expect(byName.get("Footer")?.requiredProps).toEqual([])
    expect(byName.get("App")).toMatchObject({ file: "src/App.tsx", requiredProps: [] })
  })

  it("follows the files on disk: a component written since is listed", async () => {
    await canvas.write(
      "src/components/Chip.tsx",
      "export const Chip = ({ text }: { text: string }) => <b>{text}</b>\n",
    )
    const components = await canvas.run(canvas.rewriter.listComponents(canvas.root))
    expect(components.find((component) => component.name === "Chip")).toEqual({
      name: "Chip",
      file: "src/components/Chip.tsx",
      requiredProps: [{ name: "text", kind: "string", options: [], typeText: "string" }],
    })
  })
})

describe("reading required props", () => {
  const required = (text: string) =>
    componentsOf("src/Card.tsx", parseText("src/Card.tsx", text)).map((component) => [
      component.name,
      component.requiredProps.map((prop) =>
        prop.kind === "choice"
          ? `${prop.name}:${prop.options.join("|")}`
          : `${prop.name}:${prop.kind}`,
      ),
    ])

  it("leaves out props with ? or a default where the parameter is taken apart", () => {
    expect(
      required(`
        type Size = "sm" | "lg"
        interface Base { id: number }
        interface CardProps extends Base {
          title: string
          done: boolean | undefined
          size: Size
          note?: string
          count: number
          open: true | false
        }
        export function Card({ title, count = 3, ...rest }: CardProps) { return <div /> }
      `),
    ).toEqual([
      ["Card", ["id:number", "title:string", "done:boolean", "size:sm|lg", "open:boolean"]],
    ])
  })

  it("reads inline types, FC<Props>, forwardRef<El, Props> and memo, and only exported components", () => {
    expect(
      required(`
        import { forwardRef, memo, type FC } from "react"
        type Props = { label: string; onPick(): void } & { tone: "a" | "b" }
        export const Chip: FC<Props> = ({ label }) => <span>{label}</span>
        export const Field = forwardRef<HTMLInputElement, { name: string; hint?: string }>(
          (props, ref) => <input ref={ref} name={props.name} />,
        )
        export const Row = memo(({ items }: { items: string[] }) => <ul />)
        export default function Page(props = {}) { return <main /> }
        function Hidden({ secret }: { secret: string }) { return null }
        export const helper = ({ x }: { x: string }) => x
      `),
    ).toEqual([
      ["Chip", ["label:string", "onPick:other", "tone:a|b"]],
      ["Field", ["name:string"]],
      ["Row", ["items:other"]],
      ["Page", []],
    ])
  })

  it("adds nothing for a props type it cannot see into (imported)", () => {
    expect(
      required(`
        import type { ButtonProps } from "./ui"
        export function Button({ size }: ButtonProps & { size: "sm" }) { return <button /> }
      `),
    ).toEqual([["Button", ["size:sm"]]])
  })
})
