/** E20.2: the optional `view` of the extension functions that list or search the catalogue. */
import { z } from 'zod'

export const viewField = () =>
  z.string().nullish().describe('Only the skills and prompts of this view (config.yaml `views:`); an unknown view fails.')

/** `skills::in-view` (internal): which view, which of the worker's functions, and its payload. */
export const InViewInput = z.object({
  view: z.string().describe('A view of config.yaml `views:`.'),
  function_id: z.string().describe("One of this worker's functions."),
  payload: z.unknown().describe('What the function is called with.'),
})
