/**
 * What the handlers read of the fs sources at call time (a skill or prompt body, a skill folder's
 * text file or bytes), under the caps of the sources that made it (`FsSources.reads`): the caps come
 * from the sources, never from a constant at the call.
 */
import type { FsLimits } from '../core/index.js'
import { readBody } from './entry-body.js'
import { readFolderBytes, readFolderFile, readFolderFileIfAny, type NestedSkill } from './folder-file.js'
import { readTextFile, type ReadText } from './read-text.js'

export class FsReads {
  constructor(readonly limits: FsLimits) {}

  /** A skill or prompt file's body (§6.6); `knownSize` is the size the index has for it. */
  body(path: string, knownSize?: number): Promise<string> {
    return readBody(path, this.limits, knownSize)
  }

  /** A file's whole text, or why not. */
  text(path: string): Promise<ReadText> {
    return readTextFile(path, this.limits.textFileBytes)
  }

  /** One UTF-8 text file of a skill's folder (read_skill_file); throws `File not found` where there is none. */
  folderFile(folder: string, path: string, nested: NestedSkill): Promise<string> {
    return readFolderFile(folder, path, nested, this.limits)
  }

  folderFileIfAny(folder: string, path: string, nested: NestedSkill): Promise<string | undefined> {
    return readFolderFileIfAny(folder, path, nested, this.limits)
  }

  /**
   * The raw bytes of a file of a skill's folder (skill://), undefined where there is none, it is too
   * large or it is below a folder `hidden` holds (a nested skill outside a view, FsSnapshot.hiddenBelow).
   */
  folderBytes(folder: string, path: string, hidden?: NestedSkill): Promise<Buffer | undefined> {
    return readFolderBytes(folder, path, this.limits, hidden)
  }
}
