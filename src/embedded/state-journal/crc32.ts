/**
 * CRC-32 (IEEE 802.3, the zlib polynomial) of a record line, so a torn or damaged line is told
 * apart from a complete one. `zlib.crc32` exists only from Node 20.15; the table is 1 KiB.
 */
const TABLE = new Int32Array(256).map((_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c
})

// crc32(Buffer.from('123456789')) => 0xcbf43926
export function crc32(bytes: Uint8Array): number {
  let c = -1
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ -1) >>> 0
}
