/**
 * What `iii-skills sync` reads (E21.1): a catalogue of skills, from the fs sources on this machine
 * (fs-catalogue.ts) or from a running engine through the worker's functions (engine-catalogue.ts).
 * Both answer the same questions, so one sync pass (run.ts) serves either.
 */

/** A filter over skill ids (E20's views pass one later; undefined: every skill). */
export type SkillFilter = (id: string) => boolean

export interface CatalogueSkill {
  id: string
  /**
   * `folder`: an Agent Skills folder, copied byte for byte with its files; `other`: a markdown file
   * or a state row, written as a SKILL.md of its own (E21.1).
   */
  kind: 'folder' | 'other'
  /** A folder's SKILL.md; another skill's whole text (its frontmatter, if any, included). */
  text: string
}

/** One file of a folder skill: its path below the folder, the sha256 digest of its bytes, whether it is executable. */
export interface CatalogueFile {
  path: string
  digest: string
  /** Only sources that know modes say so (the fs sources; not the worker's functions). */
  executable?: boolean
}

export interface Catalogue {
  /** Every skill served, in catalogue order (the first of two mapping to one folder wins). */
  skills(only?: SkillFilter): Promise<CatalogueSkill[]>
  /** A folder skill's own files (not those of a skill folder nested in it, E1.5), SKILL.md included. */
  folderFiles(skill: CatalogueSkill): Promise<CatalogueFile[]>
  /** The bytes of one file of a folder skill; undefined when it cannot be read. */
  readFile(skill: CatalogueSkill, path: string): Promise<Buffer | undefined>
  /** The body `iii://{id}` serves (other skills). */
  body(skill: CatalogueSkill): Promise<string>
  /**
   * A cheap text that changes whenever the catalogue may have (watch, E21.4): a pass runs only when it
   * moved or `onChange` fired. Undefined: every poll runs a pass.
   */
  fingerprint?(): Promise<string>
  /** Calls `listener` when the catalogue may have changed (watch, E21.4); returns how to stop. */
  onChange(listener: () => void): () => void
  close(): Promise<void>
}
