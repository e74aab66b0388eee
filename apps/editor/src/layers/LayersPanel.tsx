import { ChevronDown, ChevronRight, Component, Square } from "lucide-react"
import { type MouseEvent, memo, useEffect, useRef, useState } from "react"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import type { TreeNode } from "../frame/nav-tree.ts"

/**
 * The page's navigation tree as the frame sends it. Selection goes both ways: a click here selects
 * in the canvas (shift-click adds a sibling), and a selection made in the canvas is highlighted
 * and scrolled into view here. Hovering a layer outlines it in the canvas.
 */

interface RowProps {
  readonly node: TreeNode
  readonly depth: number
  readonly selected: ReadonlySet<string>
  readonly hovered: string | null
  readonly collapsed: ReadonlySet<string>
  readonly onToggle: (key: string) => void
}

const LayerRow = memo(function LayerRow({
  node,
  depth,
  selected,
  hovered,
  collapsed,
  onToggle,
}: RowProps) {
  const session = useSession()
  const ref = useRef<HTMLDivElement>(null)
  const isSelected = selected.has(node.key)
  const open = !collapsed.has(node.key)
  useEffect(() => {
    if (isSelected) ref.current?.scrollIntoView({ block: "nearest" })
  }, [isSelected])
  const click = (event: MouseEvent) => {
    if (event.shiftKey) session.toggleInSelection(node.key)
    else session.select(node.key)
  }
  return (
    <li role="none">
      <div
        ref={ref}
        role="treeitem"
        aria-selected={isSelected}
        aria-expanded={node.children.length > 0 ? open : undefined}
        aria-level={depth + 1}
        tabIndex={isSelected ? 0 : -1}
        data-key={node.key}
        className={`flex cursor-default items-center gap-1 py-0.5 pr-2 text-xs select-none ${
          isSelected
            ? "bg-outline-500 text-white"
            : hovered === node.key
              ? "bg-sky-50"
              : "hover:bg-slate-50"
        }`}
        style={{ paddingLeft: `${depth * 12 + 4}px` }}
        onClick={click}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault()
            session.select(node.key)
          }
        }}
        onMouseEnter={() => session.hover(node.key)}
        onMouseLeave={() => session.hover(null)}
      >
        {node.children.length > 0 ? (
          <button
            type="button"
            tabIndex={-1}
            aria-label={open ? `Collapse ${node.name}` : `Expand ${node.name}`}
            className="rounded p-0.5 hover:bg-black/10"
            onClick={(event) => {
              event.stopPropagation()
              onToggle(node.key)
            }}
          >
            {open ? (
              <ChevronDown aria-hidden className="size-3" />
            ) : (
              <ChevronRight aria-hidden className="size-3" />
            )}
          </button>
        ) : (
          <span className="inline-block w-4" />
        )}
        {node.isComponent ? (
          <Component aria-hidden className={`size-3 ${isSelected ? "" : "text-component-500"}`} />
        ) : (
          <Square aria-hidden className={`size-3 ${isSelected ? "" : "text-slate-400"}`} />
        )}
        <span className="truncate">{node.name}</span>
        {!node.isComponent && node.name !== node.elementTagName && (
          <span className="font-mono opacity-60">{node.elementTagName}</span>
        )}
      </div>
      {open && node.children.length > 0 && (
        <ul role="group">
          {node.children.map((child) => (
            <LayerRow
              key={child.key}
              node={child}
              depth={depth + 1}
              selected={selected}
              hovered={hovered}
              collapsed={collapsed}
              onToggle={onToggle}
            />
          ))}
        </ul>
      )}
    </li>
  )
})

export const LayersPanel = () => {
  const { tree, selectedKey, multiSelectedKeys, hoveredKey, frameReady } = useEditor()
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const selected = new Set(
    multiSelectedKeys.length > 0 ? multiSelectedKeys : selectedKey ? [selectedKey] : [],
  )
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  return (
    <nav aria-label="Layers" className="flex h-full flex-col bg-white">
      <h2 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold">Layers</h2>
      {!tree ? (
        <p className="px-3 py-3 text-xs text-slate-500">
          {frameReady ? "Reading the page…" : "Waiting for the canvas…"}
        </p>
      ) : (
        <ul
          role="tree"
          aria-label="Page elements"
          aria-multiselectable
          className="min-h-0 flex-1 overflow-auto py-1"
        >
          {tree.children.map((child) => (
            <LayerRow
              key={child.key}
              node={child}
              depth={0}
              selected={selected}
              hovered={hoveredKey}
              collapsed={collapsed}
              onToggle={toggle}
            />
          ))}
        </ul>
      )}
    </nav>
  )
}
