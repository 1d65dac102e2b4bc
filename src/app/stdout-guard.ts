/**
 * `--stdio` owns stdout: anything but an MCP frame there breaks the client. Logs already go to
 * stderr (pino), but dependencies print too (iii-sdk's `[iii] Worker registered with ID …` is a
 * console.debug), so before anything starts every other writer is sent to stderr:
 * `console.log/info/debug` and `process.stdout.write` itself. The MCP transport gets the one
 * stream that still reaches the real stdout.
 * Stands alone: a process-wide side effect on stdout, kept out of main.ts so it reads as an outline.
 */
import { Writable } from 'node:stream'

type WriteChunk = (chunk: string | Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void) => unknown

export function guardStdout(): Writable {
  const stdout = process.stdout
  const stderr = process.stderr
  const writeStdout = stdout.write.bind(stdout) as WriteChunk
  stdout.write = ((...args: Parameters<typeof stderr.write>) => stderr.write(...args)) as typeof stdout.write
  for (const level of ['log', 'info', 'debug'] as const) console[level] = (...args: unknown[]) => console.error(...args)
  // A client that goes away closes the pipe (EPIPE): stdin ends too and the process shuts down, so
  // the failed write is not worth a crash.
  stdout.on('error', () => undefined)
  return frameStream(writeStdout)
}

/**
 * The stream the transport writes frames to, each passed on to `write` as written: a frame is a
 * string, and decoding it into a Buffer first (a Writable's default) cost a copy and a fresh
 * allocation per frame, 2 of the 6.6 ms a 1,000-skill listing spent in the process.
 */
export function frameStream(write: WriteChunk): Writable {
  const frames = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, encoding, callback) {
      write(chunk, encoding, (error) => callback(error ?? null))
    },
  })
  frames.on('error', () => undefined)
  return frames
}
