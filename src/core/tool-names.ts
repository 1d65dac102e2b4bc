/** MCP tool names of iii functions (bridge §1.4): `::` → `__`, the only way the client names them. */

// a::b::c => a__b__c (an id that itself contains `__` cannot round-trip; iii ids don't)
export const encodeToolName = (functionId: string): string => functionId.replaceAll('::', '__')
export const decodeToolName = (toolName: string): string => toolName.replaceAll('__', '::')
