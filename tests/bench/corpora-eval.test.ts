import { describe, expect, it } from 'vitest'
import { corporaRequests, halfOf } from './corpora-eval.js'

describe('the corpora evaluation set (E14.1)', () => {
  const requests = corporaRequests()

  it('has at least 150 distinct requests from at least 6 authors, each with one or more distinct ids', () => {
    expect(requests.length).toBeGreaterThanOrEqual(150)
    expect(new Set(requests.map((r) => r.query)).size).toBe(requests.length)
    expect(new Set(requests.map((r) => r.author)).size).toBeGreaterThanOrEqual(6)
    for (const request of requests) {
      expect(request.ids.length, request.query).toBeGreaterThanOrEqual(1)
      expect(new Set(request.ids).size, request.query).toBe(request.ids.length)
    }
  })

  it('splits once by position into two halves of (nearly) equal size', () => {
    const halves = requests.map((_, i) => halfOf(i))
    expect(halves.slice(0, 4)).toEqual(['tuning', 'held-out', 'tuning', 'held-out'])
    const heldOut = halves.filter((half) => half === 'held-out').length
    expect(Math.abs(requests.length - 2 * heldOut)).toBeLessThanOrEqual(1)
  })
})
