/** An integer from `min` to `max`, refused with one text (core messages `integerRange`) whichever bound it misses. */
import { z } from 'zod'
import { integerRange } from '../core/index.js'

export const boundedInteger = (min: number, max: number) => z.number().int().min(min, integerRange(min, max)).max(max, integerRange(min, max))
