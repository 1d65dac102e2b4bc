/**
 * `iii-skills`: parse the CLI, print the manifest, serve MCP on stdio (`--stdio`) or run the worker
 * (optionally on the embedded engine) until SIGINT/SIGTERM — or, on stdio, until stdin closes —
 * then shut down cleanly and exit 0.
 */
import { CommanderError } from 'commander'
import { parseCli, runMode, type CliOptions, type RunMode, createLogger, stderrSink, renderManifest, type ModeContext, type RunningMode, settingsOf, guardStdout } from './index.js'
import { LOG, SHUTDOWN_DEADLINE_MS, SHUTDOWN_LOG_FLUSH_MS, usePrebuiltPairTable } from '../core/index.js'
import { readPairTableFile } from '../fs/index.js'

type ModeModule = { startMode(context: ModeContext): Promise<RunningMode> }

// Only the chosen mode's module is loaded: a worker connecting to an engine (`--url`) stays about
// 16 MiB smaller without the embedded engine, stdio and the MCP SDK (README "Performance").
const MODES: Readonly<Record<Exclude<RunMode, 'manifest'>, () => Promise<ModeModule>>> = {
  worker: () => import('./modes/worker.js'),
  embedded: () => import('./modes/embedded.js'),
  'stdio-embedded': () => import('./modes/stdio.js'),
  'stdio-front': () => import('./modes/stdio-front.js'),
  'http-front': () => import('./modes/stdio-front.js'),
}

async function main(argv: string[]): Promise<void> {
  usePrebuiltPairTable(readPairTableFile)
  if (argv[0] === 'check') return check(argv.slice(1))
  if (argv[0] === 'sync') return sync(argv.slice(1))
  const options: CliOptions = parsedOrExit(parseCli, argv)
  const mode = runMode(options)
  if (mode === 'manifest') {
    process.stdout.write(renderManifest())
    return
  }
  // E19.2: V8 runs as Node ships it (no flag set after start, no forced collection).
  const stdout = mode === 'stdio-embedded' || mode === 'stdio-front' ? guardStdout() : undefined
  ignorePipeErrors()
  const sink = stderrSink()
  const log = createLogger({ destination: sink })
  // E18.5: a signal ends the process within 2 s, during start-up too: closing gets SHUTDOWN_DEADLINE_MS.
  let stopping = false
  let running: RunningMode | undefined
  const exit = async () => {
    await sink.settled(SHUTDOWN_LOG_FLUSH_MS)
    process.exit(0)
  }
  const close = (mode: RunningMode) => void mode.close().then(exit, exit)
  function stop(): void {
    if (stopping) return
    stopping = true
    log.info(LOG.shuttingDown)
    setTimeout(() => {
      log.warn(LOG.shutdownDeadline)
      void exit()
    }, SHUTDOWN_DEADLINE_MS)
    if (running !== undefined) close(running)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  running = await (await MODES[mode]()).startMode({ ...settingsOf(options, log), log, stdout })
  if (stopping) close(running)
  void running.ended?.then(stop)
}

/** A command line parsed, or the process ended with commander's exit code (help 0, a usage error ≥ 1). */
function parsedOrExit<T>(parse: (argv: string[]) => T, argv: string[]): T {
  try {
    return parse(argv)
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode)
    throw error
  }
}

/**
 * E18.5: a write to stdout or stderr after its reader has gone (EPIPE) or once it is closed is an
 * error event on the stream; with no listener it would end the process at the next line. Lost output
 * is not worth the service: the line is dropped.
 */
function ignorePipeErrors(): void {
  process.stdout.on('error', () => undefined)
  process.stderr.on('error', () => undefined)
}

async function check(argv: string[]): Promise<void> {
  const { parseCheckCli, runCheck } = await import('./modes/check.js')
  const options = parsedOrExit(parseCheckCli, argv)
  const sink = stderrSink()
  const code = await runCheck(options, process.stdout, createLogger({ destination: sink }))
  await sink.settled(SHUTDOWN_DEADLINE_MS)
  // A report written to a pipe may still be queued: exit once all of it is out.
  process.stdout.write('', () => process.exit(code))
}

const STOP_GRACE_MS = 1800

/** E21: `iii-skills sync`; a signal ends a watch (or a pass) at its next file and exits 0 (E21.4, E18.5). */
async function sync(argv: string[]): Promise<void> {
  const { parseSyncCli, startSync } = await import('./modes/sync.js')
  const options = parsedOrExit(parseSyncCli, argv)
  // stdout carries what sync did, line by line: the iii SDK's console lines (`--url`) go to stderr,
  // its debug chatter (worker id, telemetry off) only at LOG_LEVEL debug or trace.
  const level = process.env.LOG_LEVEL ?? 'warn'
  console.log = console.info = console.error
  console.debug = level === 'debug' || level === 'trace' ? console.error : () => undefined
  ignorePipeErrors()
  const sink = stderrSink()
  const running = await startSync(options, { out: process.stdout, err: process.stderr }, createLogger({ level, destination: sink }))
  let code: number | undefined
  const stop = () => {
    code ??= 0
    void running.stop()
    // A call to an engine that does not answer must not hold the process (E18.5); a temporary
    // folder left by this is removed by the next run.
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const ended = await running.ended
  await sink.settled(SHUTDOWN_LOG_FLUSH_MS)
  process.stdout.write('', () => process.exit(code ?? ended))
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`iii-skills: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
