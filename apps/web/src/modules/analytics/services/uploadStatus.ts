export type UploadStatus =
  | 'success'
  | 'rate_limit'
  | 'payload_too_large'
  | 'timeout'
  | 'invalid'
  | 'failed'
  | 'unknown'

/** The spec's analytics upload status for an HTTP status code (undefined: no response at all). */
export function uploadStatus(httpStatus: number | undefined): UploadStatus {
  if (httpStatus === undefined || !Number.isInteger(httpStatus)) return 'unknown'
  if (httpStatus >= 200 && httpStatus < 300) return 'success'
  if (httpStatus === 429) return 'rate_limit'
  if (httpStatus === 413) return 'payload_too_large'
  if (httpStatus === 408) return 'timeout'
  if (httpStatus >= 400 && httpStatus < 500) return 'invalid'
  if (httpStatus >= 500 && httpStatus < 600) return 'failed'
  return 'unknown'
}
