/**
 * File formats and the programs that name them (E23.3, common equivalents): "my Excel sheet" is an
 * .xlsx, "the PowerPoint" a .pptx, "a Word doc" a .docx. Learned from a maintained lexical resource,
 * the MIME database (`mime-types`, already a dependency, over `mime-db`), not from a list: each
 * media type gives its file extensions and the words of its name (`vnd.ms-excel.sheet.macroenabled.12`:
 * excel, sheet). Extensions of one media type are one format, and so are an extension and the same
 * with an `x` (Office Open XML's .docx for .doc, .xlsx for .xls), and a media type named under another
 * (`vnd.ms-excel.sheet.macroenabled.12` under `vnd.ms-excel`). A format's names are the words of its
 * media types that name at most three formats and are no extension (`excel`, `sheet`, `powerpoint`,
 * `slide`, `word`, `document`, `calendar`; not `spreadsheet`, `template`, `vnd`), with Microsoft's
 * `ms` and the markup suffix `ml` dropped (`msword`, `wordprocessingml`).
 *
 * A request word that is a format's name stands also for its extensions and other names ("excel":
 * xls, xlsx, xlsm, sheet…): people name the program, skills the extension. Not the other way round:
 * letting "pptx" stand for "slide" and "powerpoint" too (tuning half: no better) lifts skills that
 * say "slides" above the one named for .pptx decks, a request of the E14 set lost; and extensions
 * never stand for one another (`text/plain` lists txt, log, list and conf: no words of one meaning).
 *
 * Measured (tests/fixtures/situation-eval/, top-1 / top-3 / MRR), at FORMAT_WEIGHT 0.3 (search-index.ts):
 * tuning half 75.3 % / 87.6 % / 0.823 -> 76.3 % / 87.6 % / 0.830; held-out half 63.0 % / 79.0 % / 0.722
 * -> 63.0 % / 80.2 % / 0.726. The E8.1 set unchanged, the E14 set too (its tuning MRR 0.984 -> 0.985). At weight 1 the tuning half gains a
 * little more (76.3 % / 88.7 % / 0.832) but the held-out half loses (61.7 % top-1, the E14 held-out
 * half 92.6 %): not taken.
 */
import { mimeTable } from './mime-table.js'

export interface Format {
  extensions: readonly string[]
  names: readonly string[]
}

/** Name words of at most this many formats are kept. */
const MAX_FORMATS_PER_NAME = 3

let built: Map<string, string[]> | undefined

/** The words a lower-case request word also stands for, as a format's name or extension (empty: none). */
export function formatEquivalents(word: string): readonly string[] {
  built ??= equivalents(formats())
  return built.get(word) ?? []
}

/** The formats of the MIME database: its media types' extensions joined into formats, with their names. */
export function formats(): Format[] {
  const types = Object.entries(mimeTable().extensions as Record<string, string[]>).filter(([, exts]) => exts.length > 0)
  const parent = new Map<string, string>()
  const find = (ext: string): string => {
    let root = ext
    while (parent.get(root) !== root) root = parent.get(root) as string
    parent.set(ext, root)
    return root
  }
  const union = (a: string, b: string) => parent.set(find(a), find(b))
  for (const [, exts] of types) for (const ext of exts) if (!parent.has(ext)) parent.set(ext, ext)
  for (const [, exts] of types) for (const ext of exts.slice(1)) union(exts[0] as string, ext)
  // A media type named under another is a variant of it: vnd.ms-excel.sheet.macroenabled.12 (xlsm) of vnd.ms-excel (xls).
  const byName = new Map(types)
  for (const [type, exts] of types) {
    for (let cut = type.lastIndexOf('.'); cut > type.indexOf('/'); cut = type.lastIndexOf('.', cut - 1)) {
      const parentExts = byName.get(type.slice(0, cut))
      if (parentExts !== undefined && parentExts.length > 0) union(exts[0] as string, parentExts[0] as string)
    }
  }
  for (const ext of parent.keys()) if (parent.has(`${ext}x`)) union(ext, `${ext}x`)

  const namesOf = new Map<string, Set<string>>()
  const formatsOfName = new Map<string, Set<string>>()
  for (const [type, exts] of types) {
    const root = find(exts[0] as string)
    for (const name of typeWords(type)) {
      let names = namesOf.get(root)
      if (names === undefined) namesOf.set(root, (names = new Set()))
      names.add(name)
      let roots = formatsOfName.get(name)
      if (roots === undefined) formatsOfName.set(name, (roots = new Set()))
      roots.add(root)
    }
  }
  const members = new Map<string, string[]>()
  for (const ext of parent.keys()) {
    const root = find(ext)
    members.set(root, [...(members.get(root) ?? []), ext])
  }
  return [...members].map(([root, extensions]) => ({
    extensions,
    // A word that is also an extension ("list", an extension of text/plain, names text/uri-list) is no name.
    names: [...(namesOf.get(root) ?? [])].filter((name) => (formatsOfName.get(name) as Set<string>).size <= MAX_FORMATS_PER_NAME && !parent.has(name)),
  })).filter((format) => format.names.length > 0)
}

// "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" => openxmlformats, officedocument, spreadsheet, sheet
function typeWords(type: string): string[] {
  const subtype = type.slice(type.indexOf('/') + 1)
  return subtype.split(/[.\-+_]/).filter((word) => /^[a-z]{3,}$/.test(word)).map((word) => {
    // Microsoft's names carry "ms" (msword, x-msaccess); markup languages "ml" (spreadsheetml).
    if (/^ms[a-z]{4,}$/.test(word)) return word.slice(2)
    return word.length >= 7 && word.endsWith('ml') ? word.slice(0, -2) : word
  })
}

function equivalents(all: readonly Format[]): Map<string, string[]> {
  const map = new Map<string, Set<string>>()
  const add = (word: string, others: readonly string[]) => {
    let set = map.get(word)
    if (set === undefined) map.set(word, (set = new Set()))
    for (const other of others) if (other !== word) set.add(other)
  }
  for (const { extensions, names } of all) {
    for (const name of names) add(name, [...extensions, ...names])
  }
  return new Map([...map].map(([word, set]) => [word, [...set]]))
}
