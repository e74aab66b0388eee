import { Result } from "effect"
import type { ChangeLedgerItem } from "./change-ledger.ts"
import { needsInstantUpdate } from "./change-ledger.ts"
import { dropDuplicateIds, knownElements } from "./codebase-id.ts"
import { UnsupportedOperation } from "./editing.errors.ts"
import type {
  AddClassBody,
  AddJsxElementBody,
  ChangeElementTagBody,
  ChangePropValueBody,
  DuplicateBody,
  EditTextBody,
  ElementRef,
  EmptyBody,
  MoveJsxElementBody,
  RemoveClassBody,
  RemoveJsxElementBody,
  StylingBody,
  UpdateClassesBody,
  WrapInDivBody,
} from "./mutation-request.schema.ts"

/** Every endpoint of the mutation API and the body it takes (§7). */
export interface MutationBodies {
  readonly styling: StylingBody
  readonly addJsxElement: AddJsxElementBody
  readonly moveJsxElement: MoveJsxElementBody
  readonly removeJsxElement: RemoveJsxElementBody
  readonly changePropValue: ChangePropValueBody
  readonly wrapInDiv: WrapInDivBody
  readonly duplicate: DuplicateBody
  readonly changeElementTag: ChangeElementTagBody
  readonly addClass: AddClassBody
  readonly removeClass: RemoveClassBody
  readonly editText: EditTextBody
  readonly updateClasses: UpdateClassesBody
  readonly undoChangeToFiles: EmptyBody
  readonly redoChangeToFiles: EmptyBody
}
export type MutationEndpoint = keyof MutationBodies

/** Where each endpoint lives below canvases/{canvasId}/parseAndMutate/. */
export const MUTATION_PATHS: Readonly<Record<MutationEndpoint, string>> = {
  styling: "mutate/styling",
  addJsxElement: "mutate/addJsxElement",
  moveJsxElement: "mutate/moveJsxElement",
  removeJsxElement: "mutate/removeJsxElement",
  changePropValue: "mutate/changePropValue",
  wrapInDiv: "mutate/wrapInDiv",
  duplicate: "mutate/duplicate",
  changeElementTag: "mutate/changeElementTag",
  addClass: "mutate/addClass",
  removeClass: "mutate/removeClass",
  editText: "mutate/editText",
  updateClasses: "mutate/updateClasses",
  undoChangeToFiles: "activities/undoChangeToFiles",
  redoChangeToFiles: "activities/redoChangeToFiles",
}
export const MUTATION_ENDPOINTS = Object.keys(MUTATION_PATHS) as ReadonlyArray<MutationEndpoint>

/** The spec's success toasts; the other calls show none of their own. */
export const SUCCESS_TOASTS = {
  added: "Successfully added",
  propChanged: "Prop changed",
} as const

export interface MutationRequestOf<E extends MutationEndpoint> {
  readonly endpoint: E
  /** POST to this path: canvases/{canvasId}/parseAndMutate/{mutate|activities}/{endpoint}. */
  readonly path: string
  readonly body: MutationBodies[E]
  readonly successToast?: string | undefined
}
/** A mutation call as a plain object; the frame's HTTP client sends it as JSON. */
export type MutationRequest = { [E in MutationEndpoint]: MutationRequestOf<E> }[MutationEndpoint]

export const mutationPath = (canvasId: string, endpoint: MutationEndpoint): string =>
  `canvases/${encodeURIComponent(canvasId)}/parseAndMutate/${MUTATION_PATHS[endpoint]}`

export interface MutationContext {
  readonly canvasId: string
  /**
   * The element the frame knows by a codebase id (its nav-tree lookup entry), or undefined when it
   * knows none. Without a lookup every id stands for `{ codebaseId }`.
   */
  readonly lookup?: ((codebaseId: string) => ElementRef | undefined) | undefined
  /** The content hash of each file the frame saw, sent with every mutation (not undo or redo). */
  readonly seenFileHashes?: { readonly [relativePath: string]: string } | undefined
}

/**
 * Only the reference's own fields: a nav-tree node also holds its parent and children, which
 * would bloat the body and make it circular.
 */
const projectElementRef = (found: ElementRef): ElementRef => ({
  codebaseId: found.codebaseId,
  ...(found.storyboardId === undefined ? {} : { storyboardId: found.storyboardId }),
  ...(found.uniquePath === undefined ? {} : { uniquePath: found.uniquePath }),
  ...(found.name === undefined ? {} : { name: found.name }),
})

/**
 * The mutation call a change turns into. Single elements the lookup does not know are still sent
 * as `{ codebaseId }` (the server resolves them); lists drop duplicates, and a remove omits the
 * elements with no known id. An UNKNOWN change has no call: "Unsupported operation".
 */
export const toMutationRequest = (
  item: ChangeLedgerItem,
  context: MutationContext,
): Result.Result<MutationRequest, UnsupportedOperation> => {
  const element = (codebaseId: string, instanceCodebaseId?: string): ElementRef => {
    const found = context.lookup?.(codebaseId)
    const ref = found === undefined ? { codebaseId } : projectElementRef(found)
    return instanceCodebaseId === undefined || instanceCodebaseId === ""
      ? ref
      : { ...ref, instanceCodebaseId }
  }
  const optionalElement = (codebaseId: string | undefined) =>
    codebaseId === undefined || codebaseId === "" ? undefined : element(codebaseId)
  const elements = (ids: ReadonlyArray<string>) =>
    dropDuplicateIds(ids)
      .filter((id) => id !== "")
      .map((id) => element(id))
  const request = <E extends MutationEndpoint>(
    endpoint: E,
    body: MutationBodies[E],
    successToast?: string,
  ) => {
    const activity = endpoint === "undoChangeToFiles" || endpoint === "redoChangeToFiles"
    const seen = context.seenFileHashes
    return Result.succeed({
      endpoint,
      path: mutationPath(context.canvasId, endpoint),
      body: seen === undefined || activity ? body : { ...body, seenFileHashes: seen },
      ...(successToast === undefined ? {} : { successToast }),
    } as MutationRequest)
  }

  switch (item.type) {
    case "STYLING": {
      const fields = item.changeFields
      return request("styling", {
        reactElement: element(fields.codebaseId, fields.instanceCodebaseId),
        styling: fields.stylingChanges,
        stylingFramework: fields.stylingFramework,
        modifiers: fields.modifiers,
        customProperties: fields.customProperties,
      })
    }
    case "ADD_JSX": {
      const fields = item.changeFields
      const hasInstantUpdate = needsInstantUpdate(item)
      return request(
        "addJsxElement",
        {
          destinationElement: element(fields.codebaseIdToAddTo),
          beforeElement: optionalElement(fields.beforeCodebaseId),
          afterElement: optionalElement(fields.afterCodebaseId),
          // JSX taken from file contents (a paste) names no tag: it has no newElement.
          newElement:
            fields.addNativeTag === undefined && fields.componentName === undefined
              ? undefined
              : {
                  type: fields.addNativeTag === undefined ? "component" : "nativeTag",
                  nativeTag: fields.addNativeTag,
                  componentName: fields.componentName,
                  propsToSet: fields.propsToSet,
                  componentFile: fields.componentFile,
                },
          canvasId: context.canvasId,
          deletedStoryboardId: fields.deletedStoryboardId,
          fileContentsToSourceFrom: fields.fileContentsToSourceFrom,
          fileContentsSourceFilename: fields.fileContentsSourceFilename,
          extraFiles: fields.extraFiles,
          hasInstantUpdate,
        },
        // With a preview the user already sees the element; without one, a toast says it worked.
        hasInstantUpdate ? undefined : SUCCESS_TOASTS.added,
      )
    }
    case "MOVE_JSX": {
      const fields = item.changeFields
      return request("moveJsxElement", {
        elementToMove: element(fields.codebaseIdToMove),
        newContainerElement: element(fields.codebaseIdToMoveTo),
        afterElement: optionalElement(fields.afterCodebaseId),
        beforeElement: optionalElement(fields.beforeCodebaseId),
        expectedCurrentParent: optionalElement(fields.expectedCurrentParentCodebaseId),
      })
    }
    case "REMOVE_JSX": {
      const ids = item.changeFields.codebaseIdsToRemove
      const elementsToRemove = context.lookup ? knownElements(ids, context.lookup) : elements(ids)
      return request("removeJsxElement", { elementsToRemove })
    }
    case "CHANGE_PROP": {
      const fields = item.changeFields
      return request(
        "changePropValue",
        {
          elementToModify: element(fields.codebaseIdToChange),
          propName: fields.propName,
          propValue: fields.propValue,
        },
        SUCCESS_TOASTS.propChanged,
      )
    }
    case "ADD_CLASS": {
      const fields = item.changeFields
      return request("addClass", {
        reactElement: element(fields.codebaseIdToAddClass, fields.instanceCodebaseId),
        className: fields.className,
        stylingFramework: fields.stylingFramework ?? null,
        modifiers: fields.modifiers,
        customProperties: fields.customProperties,
      })
    }
    case "REMOVE_CLASS":
      return request("removeClass", {
        reactElement: element(
          item.changeFields.codebaseIdToRemoveClass,
          item.changeFields.instanceCodebaseId,
        ),
        className: item.changeFields.className,
      })
    case "UPDATE_CLASSES": {
      const fields = item.changeFields
      return request("updateClasses", {
        reactElement: element(fields.codebaseIdToUpdateClass, fields.instanceCodebaseId),
        newClasses: fields.newClasses,
        oldClasses: fields.oldClasses,
      })
    }
    case "EDIT_TEXT": {
      const fields = item.changeFields
      return request("editText", {
        element: element(fields.codebaseIdToEditText, fields.instanceCodebaseId),
        newText: fields.newText,
        oldText: fields.oldText,
      })
    }
    case "WRAP_DIV":
      return request("wrapInDiv", { reactElements: elements(item.changeFields.codebaseIdsToWrap) })
    case "CHANGE_TAG":
      return request("changeElementTag", {
        elementToModify: element(item.changeFields.codebaseIdToChange),
        newTag: item.changeFields.newTagName,
      })
    case "DUPLICATE":
      return request("duplicate", {
        reactElements: elements(item.changeFields.codebaseIdsToDuplicate),
      })
    case "UNDO":
      return request("undoChangeToFiles", {})
    case "REDO":
      return request("redoChangeToFiles", {})
    case "UNKNOWN":
      return Result.fail(new UnsupportedOperation({ changeId: item.id, type: item.type }))
  }
}
