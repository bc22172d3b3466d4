import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error type routes and services throw for an expected failure. The app's error handler
 * turns it into the one error shape of the API: `{ "error": message }` with `status`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "Authentication required") => new ApiError(401, message);
export const forbidden = (message = "Admin privileges required.") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);

/** A file the import refuses (or an image the codecs cannot read), with the status and message the caller gets (never a 500). */
export class ImportError extends ApiError {
  constructor(status: 400 | 413 | 415 | 422, message: string) {
    super(status, message);
    this.name = "ImportError";
  }
}
