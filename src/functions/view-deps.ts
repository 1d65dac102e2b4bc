/**
 * E20.2–E20.3: a view is applied where the catalogue is read, once: `depsInView` hands a handler the
 * same Deps with a state port and an fs port that hold only the view's skills and prompts. Every
 * listing, lookup, read, search and count a handler makes goes through them, so outside the view a
 * skill or prompt is exactly an id that does not exist, and no handler checks a view itself.
 * Each view keeps its own search index (`search`), built over what it holds.
 */
import { CatalogueView, IN_VIEW_FUNCTION, SkillsError, isJsonObject, messages as msg, viewNamed } from '../core/index.js'
import { FsReads, type FsSnapshot } from '../fs/index.js'
import type { Deps, FsPort, StatePort } from './deps.js'

const VIEWS = new WeakMap<Deps, Map<string, Deps>>()
/** The view each viewed Deps holds. */
const VIEW_NAMES = new WeakMap<Deps, string>()

/**
 * `deps` restricted to the view `name` of its config; the same object for every call. Through a view,
 * the only view there is is that one: any other name is unknown, so a view's agent cannot learn
 * which other views exist by naming them.
 */
export function depsInView(deps: Deps, name: string): Deps {
  const within = VIEW_NAMES.get(deps)
  if (within !== undefined) {
    if (within === name) return deps
    throw new SkillsError(msg.unknownView(name))
  }
  let byName = VIEWS.get(deps)
  if (byName === undefined) VIEWS.set(deps, (byName = new Map()))
  const known = byName.get(name)
  if (known !== undefined) return known
  const definition = viewNamed(deps.config.views, name)
  if (definition === undefined) throw new SkillsError(msg.unknownView(name))
  const view = new CatalogueView(name, definition)
  const viewed: Deps = {
    ...deps,
    state: new ViewedState(deps.state, view, deps.config.scopes),
    fs: new ViewedFs(deps.fs, view),
    // A section or prompt handler backed by one of this worker's functions reads through the view too.
    invoke: invokeInView(deps.invoke, name),
    search: {},
  }
  byName.set(name, viewed)
  VIEW_NAMES.set(viewed, name)
  return viewed
}

type Invoke = (functionId: string, payload: unknown) => Promise<unknown>

/**
 * `invoke` with every call of this worker's functions made through `skills::in-view` with `view`
 * (a view's front, view-backend.ts, and a view's own calls: `iii://fn/skill/list_skills` read
 * through a view lists the view); other workers' functions are called as they are.
 */
export function invokeInView(invoke: Invoke, view: string): Invoke {
  return (functionId, payload) =>
    functionId === IN_VIEW_FUNCTION || isOwnFunction(functionId)
      ? invoke(IN_VIEW_FUNCTION, { view, function_id: functionId, payload })
      : invoke(functionId, payload)
}

/*
 * The registry imports every handler, and each handler's module this one (through define.ts), so the
 * registry names this worker's functions here once they are all defined, instead of this module
 * importing it.
 */
let ownFunctions: ReadonlySet<string> | undefined

/** Called once by registry.ts with the id of every function this worker registers. */
export function knowOwnFunctions(ids: Iterable<string>): void {
  ownFunctions = new Set(ids)
}

function isOwnFunction(functionId: string): boolean {
  if (ownFunctions === undefined) throw new Error('functions/registry.ts is not loaded: no view can tell its functions')
  return ownFunctions.has(functionId)
}

/** State rows of the skills and prompts scopes as the view holds them; other scopes untouched. */
class ViewedState implements StatePort {
  constructor(
    private readonly inner: StatePort,
    private readonly catalogueView: CatalogueView,
    private readonly scopes: { skills: string; prompts: string },
  ) {}

  // Registering through a view would write where the view cannot see: a view only reads.
  async set(): Promise<unknown> {
    throw new SkillsError(msg.VIEW_READ_ONLY)
  }

  async delete(): Promise<unknown> {
    throw new SkillsError(msg.VIEW_READ_ONLY)
  }

  async get(scope: string, key: string): Promise<unknown> {
    return this.holdsKey(scope, key) ? this.inner.get(scope, key) : undefined
  }

  async list(scope: string): Promise<unknown[]> {
    return this.rowsIn(scope, await this.inner.list(scope))
  }

  view<T>(scope: string, key: string, project: (values: unknown[]) => T | Promise<T>): Promise<T> {
    // Its own name, so a caching store keeps the view's projection beside the whole catalogue's.
    return this.inner.view(scope, `${key}@view:${this.catalogueView.name}`, (values) => project(this.rowsIn(scope, values)))
  }

  private holdsKey(scope: string, key: string): boolean {
    if (scope === this.scopes.skills) return this.catalogueView.hasSkill(key)
    if (scope === this.scopes.prompts) return this.catalogueView.hasPrompt(key)
    return true
  }

  // A row is named by its `id` (skills) or `name` (prompts); one without a name is in no view.
  private rowsIn(scope: string, values: unknown[]): unknown[] {
    if (scope === this.scopes.skills) return values.filter((v) => isJsonObject(v) && typeof v.id === 'string' && this.catalogueView.hasSkill(v.id))
    if (scope === this.scopes.prompts) return values.filter((v) => isJsonObject(v) && typeof v.name === 'string' && this.catalogueView.hasPrompt(v.name))
    return values
  }
}

/** A skill folder's bytes (skill://) without the files of a nested skill outside the view (FsSnapshot.hiddenBelow). */
class ViewedReads extends FsReads {
  constructor(private readonly inner: FsReads, private readonly fs: ViewedFs) {
    super(inner.limits)
  }

  override async folderBytes(folder: string, path: string): Promise<Buffer | undefined> {
    return this.inner.folderBytes(folder, path, (await this.fs.snapshot()).hiddenBelow(folder))
  }
}

/** The fs sources as the view holds them: each snapshot's part in the view (FsSnapshot.within). */
class ViewedFs implements FsPort {
  readonly limits: FsPort['limits']
  readonly reads: FsPort['reads']

  constructor(private readonly inner: FsPort, private readonly view: CatalogueView) {
    this.limits = inner.limits
    this.reads = new ViewedReads(inner.reads, this)
  }

  async snapshot(): Promise<FsSnapshot> {
    return (await this.inner.snapshot()).within(this.view)
  }

  async findSkill(id: string) {
    return (await this.snapshot()).findSkill(id)
  }

  async findPrompt(name: string) {
    return (await this.snapshot()).findPrompt(name)
  }

  async prompts() {
    return (await this.snapshot()).prompts
  }

  // A problem's reason is the system's text, which can name a path outside the view.
  get watchProblems(): FsPort['watchProblems'] {
    return this.inner.watchProblemKinds
  }

  get watchProblemKinds(): FsPort['watchProblemKinds'] {
    return this.inner.watchProblemKinds
  }

  get listingProblems(): FsPort['listingProblems'] {
    return new Map([...this.inner.listingProblems].filter(([, problem]) => this.view.hasSkill(problem.id)))
  }

  noteListing(id: string, path: string, message: string | undefined): void {
    this.inner.noteListing(id, path, message)
  }

  onChange(listener: Parameters<FsPort['onChange']>[0]): void {
    this.inner.onChange(listener)
  }
}
