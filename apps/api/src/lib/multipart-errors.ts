import { MESSAGES } from '@residency/shared';
import { AppError } from './app-error.ts';

export const fileTooLarge = () => new AppError('FILE_TOO_LARGE', MESSAGES.fileTooLarge, 413);

/** A multipart parser's error as the AppError a person can act on (the uploads and the ID photos share it). */
export function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT') return AppError.badRequest('Upload one image at a time.', 'TOO_MANY_FILES');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return AppError.badRequest('The form has more fields than an upload takes: send "file" and "purpose" only.', 'TOO_MANY_FIELDS');
  }
  if (error instanceof AppError) return error;
  // Anything else the form parser throws is the body's fault: no boundary, a boundary that never
  // closes, a part cut off half-way, garbage where headers should be.
  return AppError.badRequest('The upload form is damaged or incomplete. Please choose the picture and try again.', 'BAD_MULTIPART');
}
