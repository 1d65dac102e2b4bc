/**
 * The fs skills and prompts as one expansion of the configured globs found them (§6.3, §6.4), plus
 * what else listings and change events need of each file, fetched on first use through the view
 * the expansion used: with the watched view that is memory for every file that has not changed,
 * with the direct view the disk. Never mutated; whatever a handler derives from its arrays can be
 * memoised on them.
 */
import type { CatalogueView } from '../core/index.js'
import { NONE_HIDDEN, skillFoldersIn, underNestedSkill, type NestedSkill } from './folder-file.js'
import { mapInBatches } from './batches.js'
import { type FileMeta, metaOf } from './file-meta.js'
import type { FsView } from './fs-view.js'
import { fileDigest, loadedDigest } from './file-digest.js'
import { fileFacts, skillFolderFiles, type FileFacts } from './skill-tree.js'
import type { FsPrompt, FsSkill, FsSkip } from './types.js'

export class FsSnapshot {
  constructor(
    /** Sorted by id; each carries its listing fields (size, date, bullet) from loading. */
    readonly skills: FsSkill[],
    /** Sorted by name. */
    readonly prompts: FsPrompt[],
    private readonly view: FsView,
    /** The files the expansion skipped, with their reasons (for the boot diagnostics). */
    readonly skipped: { skills: FsSkip[]; prompts: FsSkip[] } = { skills: [], prompts: [] },
    /**
     * Every skill the expansion serves, in or out of a view: a folder nested in a skill's folder
     * that is a skill of its own stays out of that skill's files even where a view hides it.
     */
    readonly served: FsSkill[] = skills,
  ) {}

  private readonly views = new Map<CatalogueView, FsSnapshot>()

  /** E20: the part of this snapshot a view holds (nothing it skipped), the same object for every call. */
  within(view: CatalogueView): FsSnapshot {
    let part = this.views.get(view)
    if (part === undefined) {
      part = new FsSnapshot(this.skills.filter((s) => view.hasSkill(s.id)), this.prompts.filter((p) => view.hasPrompt(p.name)), this.view, undefined, this.served)
      this.views.set(view, part)
    }
    return part
  }

  private skillById: Map<string, FsSkill> | undefined
  private promptByName: Map<string, FsPrompt> | undefined
  private promptMetaOnce: Promise<FileMeta[]> | undefined
  private skillDigestsOnce: Promise<string[]> | undefined
  private promptDigestsOnce: Promise<string[]> | undefined

  findSkill(id: string): FsSkill | undefined {
    this.skillById ??= new Map(this.skills.map((s) => [s.id, s]))
    return this.skillById.get(id)
  }

  findPrompt(name: string): FsPrompt | undefined {
    this.promptByName ??= new Map(this.prompts.map((p) => [p.name, p]))
    return this.promptByName.get(name)
  }

  /** Size and mtime of each prompt file, in `prompts` order. */
  promptMeta(): Promise<FileMeta[]> {
    return (this.promptMetaOnce ??= Promise.all(this.prompts.map(async ({ path }) => metaOf(await this.view.stat(path)))))
  }

  /** A digest of each skill file's content, in `skills` order. */
  skillDigests(): Promise<string[]> {
    return (this.skillDigestsOnce ??= this.digestsOf(this.skills, loadedDigest))
  }

  /** A digest of each prompt file's content, in `prompts` order. */
  promptDigests(): Promise<string[]> {
    return (this.promptDigestsOnce ??= this.digestsOf(this.prompts))
  }

  private hiddenSkillFiles: ReadonlySet<string> | undefined

  /**
   * E20.3: which folders below `folder` are skills served but not held here (a view's part: nested
   * skills outside the view). Their files are no files of the enclosing skill: not listed, not read.
   */
  hiddenBelow(folder: string): NestedSkill {
    if (this.served === this.skills) return NONE_HIDDEN
    this.hiddenSkillFiles ??= new Set(this.served.filter((s) => s.kind === 'folder' && this.findSkill(s.id) !== s).map((s) => s.path))
    return this.hiddenSkillFiles.size === 0 ? NONE_HIDDEN : skillFoldersIn(folder, this.hiddenSkillFiles)
  }

  /** A skill folder's files (skill-tree.ts), from the listings the watcher keeps current (E13.1); none below `hiddenBelow`. */
  async folderFiles(folder: string): Promise<string[]> {
    const files = await skillFolderFiles(folder, this.view)
    const hidden = this.hiddenBelow(folder)
    return hidden === NONE_HIDDEN ? files : files.filter((path) => !underNestedSkill(path, hidden))
  }

  /** Size and digest of a file of a skill folder, read once per change of it (E13.1); none below `hiddenBelow`. */
  fileFacts(folder: string, path: string): Promise<FileFacts | undefined> {
    if (underNestedSkill(path, this.hiddenBelow(folder))) return Promise.resolve(undefined)
    return fileFacts(folder, path, this.view)
  }

  /** Each entry's digest: the one `loaded` knows of (file-digest.ts), else its file's, read once per change. */
  private digestsOf<T extends { path: string }>(entries: readonly T[], loaded: (entry: T) => string | undefined = () => undefined): Promise<string[]> {
    return mapInBatches(entries, async (entry) =>
      loaded(entry) ?? this.view.remember(entry.path, 'digest', () => fileDigest(entry.path, this.view.limits.textFileBytes)))
  }
}
