import { ChevronDown, ChevronRight, Component, Square } from "lucide-react"
import { type DragEvent, type MouseEvent, memo, useEffect, useRef } from "react"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { codebaseIdOf } from "../editing/editor-snapshot.ts"
import { canDrop, moveLayer } from "../editing/structure-edits.ts"
import { type DropTarget, LAYER_DRAG_TYPE, dropPositionAt } from "./layer-drop.ts"
import { type Layer, indentOf } from "./library-internals.ts"

export interface LayerRowProps {
  readonly layer: Layer
  readonly depth: number
  readonly selected: ReadonlySet<string>
  readonly hovered: string | null
  readonly collapsed: ReadonlySet<string>
  readonly onToggle: (key: string) => void
  /** The layer being dragged, and where it would land now. */
  readonly dragged: string | null
  readonly drop: DropTarget | null
  readonly onDrag: (key: string | null) => void
  readonly onDropTarget: (target: DropTarget | null) => void
}

/** One layer and, when open, the layers under it. Names are never cut: the list scrolls sideways. */
export const LayerRow = memo(function LayerRow(props: LayerRowProps) {
  const { layer, depth, selected, hovered, collapsed, onToggle } = props
  const { dragged, drop, onDrag, onDropTarget } = props
  const { node, children } = layer
  const session = useSession()
  const { nodes } = useEditor()
  const ref = useRef<HTMLDivElement>(null)
  const isSelected = selected.has(node.key)
  const open = !collapsed.has(node.key)
  useEffect(() => {
    if (isSelected) ref.current?.scrollIntoView({ block: "nearest", inline: "nearest" })
  }, [isSelected])
  const dropHere = drop?.key === node.key ? drop.position : null
  const dragOver = (event: DragEvent<HTMLDivElement>) => {
    if (dragged === null || !event.dataTransfer.types.includes(LAYER_DRAG_TYPE)) return
    const box = event.currentTarget.getBoundingClientRect()
    const holds = canDrop(nodes, dragged, node.key, "inside")
    const position = dropPositionAt(event.clientY, box, holds)
    if (!canDrop(nodes, dragged, node.key, position)) {
      onDropTarget(null)
      return
    }
    event.preventDefault()
    event.dataTransfer.dropEffect = "move"
    if (drop?.key !== node.key || drop.position !== position) {
      onDropTarget({ key: node.key, position })
    }
  }
  const dropOn = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    if (dragged !== null && dropHere !== null) moveLayer(session, dragged, node.key, dropHere)
    onDrag(null)
    onDropTarget(null)
  }
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
        aria-expanded={children.length > 0 ? open : undefined}
        aria-level={depth + 1}
        tabIndex={isSelected ? 0 : -1}
        data-key={node.key}
        title={node.name}
        draggable={codebaseIdOf(node.key) !== undefined}
        onDragStart={(event) => {
          event.stopPropagation()
          event.dataTransfer.setData(LAYER_DRAG_TYPE, node.key)
          event.dataTransfer.effectAllowed = "move"
          onDrag(node.key)
        }}
        onDragOver={dragOver}
        onDrop={dropOn}
        onDragEnd={() => {
          onDrag(null)
          onDropTarget(null)
        }}
        aria-dropeffect={dropHere === null ? undefined : "move"}
        className={`relative flex min-w-full cursor-default items-center gap-1 py-0.5 pr-2 text-xs whitespace-nowrap select-none ${
          isSelected
            ? "bg-outline-500 text-white"
            : hovered === node.key
              ? "bg-sky-50"
              : "hover:bg-slate-50"
        } ${dropHere === "inside" ? "ring-2 ring-outline-500 ring-inset" : ""} ${
          dragged === node.key ? "opacity-50" : ""
        }`}
        style={{ paddingLeft: `${indentOf(depth)}px` }}
        onClick={click}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault()
            session.select(node.key)
          } else if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
            event.preventDefault()
            const box = event.currentTarget.getBoundingClientRect()
            session.openContextMenu(node.key, box.left + 16, box.bottom, "editor")
          }
        }}
        onContextMenu={(event) => {
          event.preventDefault()
          session.openContextMenu(node.key, event.clientX, event.clientY, "editor")
        }}
        onMouseEnter={() => session.hover(node.key)}
        onMouseLeave={() => session.hover(null)}
      >
        {(dropHere === "before" || dropHere === "after") && (
          <span
            data-drop-indicator={dropHere}
            aria-hidden
            className={`pointer-events-none absolute right-0 h-0.5 bg-outline-500 ${
              dropHere === "before" ? "-top-px" : "-bottom-px"
            }`}
            style={{ left: `${indentOf(depth)}px` }}
          />
        )}
        {children.length > 0 ? (
          <button
            type="button"
            tabIndex={-1}
            aria-label={open ? `Collapse ${node.name}` : `Expand ${node.name}`}
            className="shrink-0 rounded p-0.5 hover:bg-black/10"
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
          <span className="inline-block w-4 shrink-0" />
        )}
        {node.isComponent ? (
          <Component
            aria-hidden
            className={`size-3 shrink-0 ${isSelected ? "" : "text-component-500"}`}
          />
        ) : (
          <Square aria-hidden className={`size-3 shrink-0 ${isSelected ? "" : "text-slate-400"}`} />
        )}
        <span>{node.name}</span>
        {!node.isComponent && node.name !== node.elementTagName && (
          <span className="font-mono opacity-60">{node.elementTagName}</span>
        )}
      </div>
      {open && children.length > 0 && (
        <ul role="group">
          {children.map((child) => (
            <LayerRow key={child.node.key} {...props} layer={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  )
})
