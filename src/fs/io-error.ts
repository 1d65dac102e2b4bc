/**
 * Renders a Node fs error the way Rust's `io::Error` displays an OS error, because upstream puts
 * that text into `read {path}: {io error}` and skip reasons: ENOENT => "No such file or directory
 * (os error 2)". Messages are glibc's `strerror` texts, numbers Linux errno values.
 */
import { constants } from 'node:os'

const STRERROR: Readonly<Record<string, string>> = {
  EPERM: 'Operation not permitted',
  ENOENT: 'No such file or directory',
  EIO: 'Input/output error',
  ENXIO: 'No such device or address',
  EBADF: 'Bad file descriptor',
  EAGAIN: 'Resource temporarily unavailable',
  ENOMEM: 'Cannot allocate memory',
  EACCES: 'Permission denied',
  EBUSY: 'Device or resource busy',
  ENODEV: 'No such device',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EINVAL: 'Invalid argument',
  ENFILE: 'Too many open files in system',
  EMFILE: 'Too many open files',
  ETXTBSY: 'Text file busy',
  EFBIG: 'File too large',
  EROFS: 'Read-only file system',
  ENAMETOOLONG: 'File name too long',
  ELOOP: 'Too many levels of symbolic links',
  EOVERFLOW: 'Value too large for defined data type',
  ESTALE: 'Stale file handle',
}

const ERRNO = constants.errno as Readonly<Record<string, number>>

export function ioErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (typeof code !== 'string') return error instanceof Error ? error.message : String(error)
  const errno = ERRNO[code] ?? Math.abs((error as NodeJS.ErrnoException).errno ?? 0)
  return `${STRERROR[code] ?? code} (os error ${errno})`
}

/** The text Rust prints for an errno this module has no error object for (e.g. EISDIR). */
export function ioErrorTextFor(code: string): string {
  return ioErrorText(Object.assign(new Error(code), { code }))
}
