/**
 * The real Agent Skills corpora (`shared/corpora`, read-only, beside the repository here and in CI):
 * 1,485 `SKILL.md` folders, 10 of them only under hidden folders, which a `--skills-dir` never enters
 * (E5.5), so they are roots of their own.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, from the sources (tests/support) or the build (dist/tests/support, for the bench). */
export const REPOSITORY = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../..' : '../../..', import.meta.url))
export const CORPORA = join(REPOSITORY, '..', 'shared', 'corpora')
export const CORPORA_SKILLS = 1485
const HIDDEN = ['openai-skills/skills/.curated', 'openai-skills/skills/.experimental', 'openai-skills/skills/.system']

/** `--skills-dir` for every root that together reach all 1,485 skills. */
export const CORPORA_ROOT_ARGS = [CORPORA, ...HIDDEN.map((h) => join(CORPORA, h))].flatMap((dir) => ['--skills-dir', dir])
