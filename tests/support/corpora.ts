/**
 * The real Agent Skills corpora (`shared/corpora`, read-only, beside the repository here and in CI):
 * 1,485 `SKILL.md` folders, 10 of them only under hidden folders, which a `--skills-dir` never enters
 * (E5.5), so they are roots of their own.
 */
import { join } from 'node:path'
import { REPO_ROOT } from './processes.js'

export const CORPORA = join(REPO_ROOT, '..', 'shared', 'corpora')
export const CORPORA_SKILLS = 1485
const HIDDEN = ['openai-skills/skills/.curated', 'openai-skills/skills/.experimental', 'openai-skills/skills/.system']

/** `--skills-dir` for every root that together reach all 1,485 skills. */
export const CORPORA_ROOT_ARGS = [CORPORA, ...HIDDEN.map((h) => join(CORPORA, h))].flatMap((dir) => ['--skills-dir', dir])
