/**
 * The fs-backed skills and prompts of one configuration (§6). The file system is the source of
 * truth: every call re-globs and re-reads, nothing is cached, and skips are silent here (boot
 * diagnostics in health.ts report them once).
 */
import type { SkillsConfig } from '../config-types.js'
import type { Logger } from '../logger.js'
import { expandPromptGlobs } from './prompt-files.js'
import { expandSkillGlobs } from './skill-files.js'
import type { FsPrompt, FsSkill } from './types.js'

export class FsSources {
  constructor(
    private readonly config: Pick<SkillsConfig, 'skills' | 'prompts'>,
    readonly baseDir: string,
    private readonly log: Logger,
  ) {}

  async skills(): Promise<FsSkill[]> {
    if (this.config.skills.length === 0) return []
    return (await expandSkillGlobs(this.config.skills, this.baseDir, this.log)).skills
  }

  async prompts(): Promise<FsPrompt[]> {
    if (this.config.prompts.length === 0) return []
    return (await expandPromptGlobs(this.config.prompts, this.baseDir, this.log)).prompts
  }

  async findSkill(id: string): Promise<FsSkill | undefined> {
    return (await this.skills()).find((skill) => skill.id === id)
  }

  async findPrompt(name: string): Promise<FsPrompt | undefined> {
    return (await this.prompts()).find((prompt) => prompt.name === name)
  }
}
