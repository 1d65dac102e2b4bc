/** The plain worker: join the iii engine at `--url` (or `III_URL`) and serve the skills functions there. */
import { LOG } from '../../core/index.js'
import { bearerHeaders } from '../../http/index.js'
import type { ModeContext, RunningMode } from './mode-context.js'
import { startSkillsWorker } from '../skills-worker.js'

export async function startMode({ options, loaded, log, door }: ModeContext): Promise<RunningMode> {
  log.info({ url: options.url }, LOG.connecting)
  const worker = await startSkillsWorker({ url: options.url, loaded, log, sdk: bearerHeaders(door.token) })
  return { close: () => worker.shutdown() }
}
