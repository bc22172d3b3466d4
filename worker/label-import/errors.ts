import { ApiError } from "../lib/errors";

/** A file the pipeline refuses, with the status and message the caller gets (never a 500). */
export class ImportError extends ApiError {
  constructor(status: 400 | 413 | 415 | 422, message: string) {
    super(status, message);
    this.name = "ImportError";
  }
}
