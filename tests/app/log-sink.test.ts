/**
 * E18.5: the log sink never throws and never blocks: lines reach their file in order; a sink whose
 * fd fails for good (closed: EBADF; a reader gone: EPIPE) drops every later line and still settles;
 * a queue over its bound drops the newest lines and counts them.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { constants } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { LogSink } from '../../src/app/log-sink.js'
import { LOG_QUEUE_MAX_UNITS } from '../../src/core/limits.js'

const dir = mkdtempSync(join(tmpdir(), 'log-sink-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('LogSink (E18.5)', () => {
  it('writes every line in order and settles once they are out', async () => {
    const path = join(dir, 'ok.log')
    const fd = openSync(path, 'w')
    const sink = new LogSink(fd, LOG_QUEUE_MAX_UNITS)
    for (let i = 0; i < 1000; i++) expect(sink.write(`line ${i}\n`)).toBe(true)
    await sink.settled(5_000)
    closeSync(fd)
    expect(readFileSync(path, 'utf8')).toBe(Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join(''))
    expect([sink.dead, sink.dropped]).toEqual([false, 0])
  })

  it('dies on a closed fd (EBADF): later lines are dropped, nothing throws', async () => {
    const fd = openSync(join(dir, 'closed.log'), 'w')
    closeSync(fd)
    const sink = new LogSink(fd, LOG_QUEUE_MAX_UNITS)
    expect(() => sink.write('first\n')).not.toThrow()
    await sink.settled(5_000)
    expect(sink.dead).toBe(true)
    expect(sink.write('second\n')).toBe(false)
    expect(sink.dropped).toBe(1)
  })

  it('dies when the reader of its pipe has gone (EPIPE)', async () => {
    // A FIFO whose only reader has closed its end.
    const fifo = join(dir, 'fifo')
    execFileSync('mkfifo', [fifo])
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    const fd = openSync(fifo, constants.O_WRONLY)
    closeSync(reader)
    const sink = new LogSink(fd, LOG_QUEUE_MAX_UNITS)
    sink.write('nobody reads this\n')
    await sink.settled(5_000)
    expect(sink.dead).toBe(true)
    expect(sink.write('nor this\n')).toBe(false)
  })

  it('drops the newest lines past its bound while a write is on its way, and counts them', async () => {
    const fd = openSync(join(dir, 'bounded.log'), 'w')
    const sink = new LogSink(fd, 11)
    expect(sink.write('0123456789\n')).toBe(true) // taken by the first write at once
    expect(sink.write('abcde\n')).toBe(true)
    expect(sink.write('fghij\n')).toBe(false)
    expect(sink.dropped).toBe(1)
    await sink.settled(5_000)
    closeSync(fd)
    expect(readFileSync(join(dir, 'bounded.log'), 'utf8')).toBe('0123456789\nabcde\n')
  })
})
