/**
 * The fs skills and prompts as one expansion of the configured globs found them (§6.3, §6.4), plus
 * what listings need of each file, fetched on first use through the view the expansion used: with
 * the watched view that is memory for every file that has not changed, with the direct view the disk.
 * Never mutated; whatever a handler derives from its arrays can be memoised on them.
 */
import { memoize } from '../core/memo.js'
import { type ContentFacts, readContentFacts } from './file-facts.js'
import { type FileMeta, metaOf } from './file-meta.js'
import type { FsView } from './fs-view.js'
import type { FsPrompt, FsSkill } from './types.js'

export class FsSnapshot {
  constructor(
    /** Sorted by id. */
    readonly skills: FsSkill[],
    /** Sorted by name. */
    readonly prompts: FsPrompt[],
    private readonly view: FsView,
  ) {}

  findSkill(id: string): FsSkill | undefined {
    return memoize(this, 'skill-by-id', () => new Map(this.skills.map((s) => [s.id, s]))).get(id)
  }

  findPrompt(name: string): FsPrompt | undefined {
    return memoize(this, 'prompt-by-name', () => new Map(this.prompts.map((p) => [p.name, p]))).get(name)
  }

  /** Size and mtime of each skill file, in `skills` order. */
  skillMeta(): Promise<FileMeta[]> {
    return memoize(this, 'skill-meta', () => this.metaOf(this.skills))
  }

  /** Digest, title and description of each skill file, in `skills` order. */
  skillContent(): Promise<ContentFacts[]> {
    return memoize(this, 'skill-content', () => this.contentOf(this.skills))
  }

  promptMeta(): Promise<FileMeta[]> {
    return memoize(this, 'prompt-meta', () => this.metaOf(this.prompts))
  }

  promptContent(): Promise<ContentFacts[]> {
    return memoize(this, 'prompt-content', () => this.contentOf(this.prompts))
  }

  private metaOf(entries: ReadonlyArray<{ path: string }>): Promise<FileMeta[]> {
    return Promise.all(entries.map(async ({ path }) => metaOf(await this.view.stat(path))))
  }

  private contentOf(entries: ReadonlyArray<{ path: string }>): Promise<ContentFacts[]> {
    return Promise.all(entries.map(({ path }) => this.view.remember(path, 'content', () => readContentFacts(path))))
  }
}
