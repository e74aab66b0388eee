import { Plus, X } from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { type TreeNode, editableText } from "../frame/nav-tree.ts"
import { instanceOf, instanceSource } from "../editing/usage-site.ts"
import { suggestClasses } from "./tailwind-classes.ts"
import { Section, inputClass, smallButton } from "./InspectorSection.tsx"
import { StylesSection } from "./StylesSection.tsx"
import { BoxModel } from "./BoxModel.tsx"
import {
  BorderSection,
  EffectsSection,
  PositionSection,
  SizeSection,
} from "./AppearanceSections.tsx"
import { ModifiersSection } from "./ModifiersSection.tsx"
import { useComputedStyles } from "./frame-styles.ts"
import { WriteModeProvider } from "./style-writer.tsx"

/**
 * The selected element: its tag, its text, its styles as the canvas computes them (box model,
 * size, colours, type, layout, border, effects, position) under a breakpoint and a state, its
 * Tailwind classes (add with suggestions, edit, remove) and its props. Every control makes one
 * change of the ledger through the session; nothing here writes to the page or the server itself.
 */

/** Props the inspector never offers to edit: the id our plugin stamps, React's own. */
const HIDDEN_PROPS = new Set([
  "className",
  "data-codebase-id",
  "data-codebase-source",
  "key",
  "ref",
  "children",
])

const TagSection = ({ node }: { readonly node: TreeNode }) => {
  const session = useSession()
  const [tag, setTag] = useState(node.elementTagName)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    session.changeTag(tag)
  }
  return (
    <Section title="Tag">
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor="inspector-tag">
          Tag name
        </label>
        <input
          id="inspector-tag"
          className={inputClass}
          value={tag}
          disabled={node.isComponent}
          onChange={(event) => setTag(event.target.value)}
        />
        <button
          type="submit"
          className={smallButton}
          disabled={node.isComponent || tag.trim() === "" || tag === node.elementTagName}
        >
          Change tag
        </button>
      </form>
    </Section>
  )
}

const ClassChip = ({ name }: { readonly name: string }) => {
  const session = useSession()
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(name)
  if (editing) {
    return (
      <li>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setEditing(false)
            session.replaceClass(name, value)
          }}
        >
          <input
            aria-label={`Edit class ${name}`}
            autoFocus
            className="w-40 rounded border border-outline-500 px-1.5 py-0.5 font-mono text-xs"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                setValue(name)
                setEditing(false)
              }
            }}
          />
        </form>
      </li>
    )
  }
  return (
    <li className="inline-flex items-center rounded bg-slate-100 font-mono text-xs text-slate-800">
      <button
        type="button"
        className="rounded-l px-1.5 py-0.5 hover:bg-slate-200"
        aria-label={`Edit class ${name}`}
        onClick={() => {
          setValue(name)
          setEditing(true)
        }}
      >
        {name}
      </button>
      <button
        type="button"
        className="rounded-r px-1 py-0.5 hover:bg-red-100 hover:text-red-700"
        aria-label={`Remove class ${name}`}
        onClick={() => session.removeClass(name)}
      >
        <X aria-hidden className="size-3" />
      </button>
    </li>
  )
}

const ClassesSection = ({ node }: { readonly node: TreeNode }) => {
  const session = useSession()
  const { modifiers } = useEditor()
  const [typed, setTyped] = useState("")
  const [active, setActive] = useState(-1)
  const listId = useId()
  const suggestions = suggestClasses(typed, node.directlySetClassList)
  const prefix = [modifiers.breakpoint, modifiers.state].filter(Boolean).join(":")

  const add = (name: string) => {
    if (name.trim() === "") return
    session.addClass(name)
    setTyped("")
    setActive(-1)
  }

  return (
    <Section title="Classes">
      {node.directlySetClassList.length === 0 ? (
        <p className="mb-2 text-xs text-slate-500">No classes in the source.</p>
      ) : (
        <ul aria-label="Classes" className="mb-2 flex flex-wrap gap-1">
          {node.directlySetClassList.map((name) => (
            <ClassChip key={name} name={name} />
          ))}
        </ul>
      )}
      <form
        className="relative flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          add(active >= 0 ? (suggestions[active] ?? typed) : typed)
        }}
      >
        <input
          role="combobox"
          aria-label="Add a class"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          className={`${inputClass} font-mono`}
          placeholder={prefix ? `${prefix}:…` : "e.g. text-red-500"}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value)
            setActive(-1)
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault()
              setActive((current) => Math.min(current + 1, suggestions.length - 1))
            } else if (event.key === "ArrowUp") {
              event.preventDefault()
              setActive((current) => Math.max(current - 1, -1))
            } else if (event.key === "Escape") {
              setTyped("")
            }
          }}
        />
        <button type="submit" className={smallButton} aria-label="Add class">
          <Plus aria-hidden className="size-3" />
          Add
        </button>
        {suggestions.length > 0 && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggested classes"
            className="absolute top-full left-0 z-10 mt-1 w-full rounded border border-slate-200 bg-white py-1 shadow-lg"
          >
            {suggestions.map((name, index) => (
              <li
                key={name}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer px-2 py-0.5 font-mono text-xs ${index === active ? "bg-outline-500 text-white" : "hover:bg-slate-100"}`}
                onMouseDown={(event) => {
                  event.preventDefault()
                  add(name)
                }}
              >
                {name}
              </li>
            ))}
          </ul>
        )}
      </form>
      {prefix && (
        <p className="mt-1 text-xs text-slate-500">
          Added as <span className="font-mono">{prefix}:</span>…
        </p>
      )}
    </Section>
  )
}

const literal = (text: string, original: unknown): string | number | boolean => {
  if (typeof original === "number" && text.trim() !== "" && Number.isFinite(Number(text))) {
    return Number(text)
  }
  if (typeof original === "boolean" && (text === "true" || text === "false")) return text === "true"
  return text
}

const PropRow = ({
  name,
  value,
  editable,
}: {
  readonly name: string
  readonly value: unknown
  readonly editable: boolean
}) => {
  const session = useSession()
  const shown = typeof value === "string" ? value : (JSON.stringify(value) ?? "")
  const [text, setText] = useState(shown)
  const id = useId()
  return (
    <form
      className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        session.changeProp(name, literal(text, value))
      }}
    >
      <label htmlFor={id} className="truncate font-mono text-xs text-slate-600" title={name}>
        {name}
      </label>
      <input
        id={id}
        className={inputClass}
        value={text}
        readOnly={!editable}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={smallButton} disabled={!editable || text === shown}>
        Set
      </button>
    </form>
  )
}

const PropsSection = ({ node }: { readonly node: TreeNode }) => {
  const session = useSession()
  const [name, setName] = useState("")
  const [value, setValue] = useState("")
  const props = Object.entries(node.props).filter(([prop]) => !HIDDEN_PROPS.has(prop))
  return (
    <Section title="Props">
      <div className="space-y-1.5">
        {props.length === 0 && <p className="text-xs text-slate-500">No props.</p>}
        {props.map(([prop, { value: propValue, type }]) => (
          <PropRow
            key={`${node.key}:${prop}`}
            name={prop}
            value={type === "FUNCTION" ? "ƒ function" : propValue}
            editable={type === "LITERAL"}
          />
        ))}
      </div>
      <form
        className="mt-2 grid grid-cols-[5.5rem_1fr_auto] gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          session.changeProp(name, value)
          setName("")
          setValue("")
        }}
      >
        <input
          aria-label="New prop name"
          placeholder="name"
          className={inputClass}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <input
          aria-label="New prop value"
          placeholder="value"
          className={inputClass}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button
          type="submit"
          className={smallButton}
          disabled={!/^[A-Za-z_$][A-Za-z0-9_$:-]*$/.test(name)}
        >
          Add prop
        </button>
      </form>
    </Section>
  )
}

const TextSection = ({ node }: { readonly node: TreeNode }) => {
  const session = useSession()
  const text = editableText(node)
  const [value, setValue] = useState(text ?? "")
  if (text === null) return null
  return (
    <Section title="Text">
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault()
          session.editText(value)
        }}
      >
        <label htmlFor="inspector-text" className="sr-only">
          Element text
        </label>
        <textarea
          id="inspector-text"
          rows={2}
          className={inputClass}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className={smallButton} disabled={value === text}>
          Save text
        </button>
      </form>
    </Section>
  )
}

/**
 * For an element a component instance renders: whether its class and text edits go to the
 * instance where the component is used (what it passes as className and children) or to the
 * component's definition, which every instance shares.
 */
const EditTargetSection = ({ node }: { readonly node: TreeNode }) => {
  const session = useSession()
  const { tree, nodes, editTarget } = useEditor()
  const name = useId()
  const instance = instanceOf(tree, nodes, node.key)
  if (!instance) return null
  const component = instance.name
  const where = instanceSource(instance) ?? `<${component}> where the page uses it`
  return (
    <Section title="Edits go to">
      <div role="radiogroup" aria-label="Edits go to" className="flex gap-3 text-sm">
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name={name}
            checked={editTarget === "instance"}
            onChange={() => session.setEditTarget("instance")}
          />
          This instance
        </label>
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name={name}
            checked={editTarget === "component"}
            onChange={() => session.setEditTarget("component")}
          />
          The component
        </label>
      </div>
      <p className="mt-2 text-xs text-slate-600" role="status">
        {editTarget === "instance"
          ? `Editing this instance (${where}): classes and text it passes to ${component} are written there.`
          : `Editing the component (${component}): the change is written in its definition, for every <${component}>.`}
      </p>
    </Section>
  )
}

export const Inspector = () => {
  const { selectedKey, multiSelectedKeys, nodes } = useEditor()
  const node = selectedKey ? nodes.get(selectedKey) : undefined
  const report = useComputedStyles(selectedKey ?? "")
  return (
    <WriteModeProvider>
      <aside aria-label="Inspector" className="flex h-full flex-col overflow-y-auto bg-white">
        <h2 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold">Inspector</h2>
        {multiSelectedKeys.length > 1 ? (
          <p className="px-3 py-4 text-sm text-slate-600">
            {multiSelectedKeys.length} Elements selected. Wrap, duplicate or delete them from the
            toolbar.
          </p>
        ) : !node ? (
          <p className="px-3 py-4 text-sm text-slate-600">
            Select an element on the canvas or in the layers.
          </p>
        ) : (
          // A fresh form per element: what was typed for one is never applied to another.
          <div key={node.key}>
            <p className="px-3 pt-3 text-sm">
              <span className="font-semibold">{node.name}</span>{" "}
              {node.isComponent ? (
                <span className="rounded bg-indigo-100 px-1.5 text-xs text-indigo-800">
                  component
                </span>
              ) : (
                <span className="font-mono text-xs text-slate-500">
                  &lt;{node.elementTagName}&gt;
                </span>
              )}
            </p>
            <EditTargetSection node={node} />
            <TagSection node={node} />
            <TextSection node={node} />
            <ModifiersSection report={report} />
            <BoxModel styles={report?.styles ?? {}} rootFontSize={report?.rootFontSize ?? 16} />
            <SizeSection report={report} />
            <StylesSection report={report} />
            <BorderSection report={report} />
            <EffectsSection report={report} />
            <PositionSection report={report} />
            <ClassesSection node={node} />
            <PropsSection node={node} />
          </div>
        )}
      </aside>
    </WriteModeProvider>
  )
}
