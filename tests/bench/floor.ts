/** Function ids and the canned prompt text of the floor worker (floor-worker.ts), shared with the driver. */
export const FLOOR_LOAD = 'bench::floor-load'
export const FLOOR_PREFIX = 'bench::floor::'
export const PROMPT_HANDLER = 'bench::prompt-string'
export const PROMPT_TEXT =
  'Summarise the open invoices for the customer named in the conversation, flag any that are overdue ' +
  'by more than 30 days, and propose one next step per invoice. Keep it under ten lines.'
