import { megabytes } from '@parley/shared';

/**
 * Upload refusals beyond the file rules (whose texts are FILE_MESSAGES in shared); docs/reference/files.md (Uploading)
 * lists them. English, answered as the error message, which the web shows as it is.
 */
export const UPLOAD_MESSAGES = {
  endpointMissing: 'Endpoint is undefined',
  endpointUnknown: 'Unknown endpoint: uploads are only taken for an endpoint this server has configured.',
  fileMissing: 'No file was uploaded.',
  notMultipart: 'The upload must be sent as multipart/form-data.',
  interrupted: 'The upload was interrupted or malformed.',
  fileIdMissing: 'file_id is required.',
  oneFile: 'Only one file can be uploaded at a time.',
  tooManyFields: 'The upload form has too many fields.',
  fieldTooLong: (name: string) => `The form field "${name}" is too long.`,
  overServerCap: (bytes: number) => `The file is larger than the server's limit of ${megabytes(bytes)} MB.`,
  notImage: 'The file is not an image.',
  imageTooLarge: 'The image is too large to process.',
  imageCorrupt: 'The image is damaged or cannot be read.',
  timedOut: 'The upload took too long and was stopped.',
  uploaded: 'File uploaded and processed successfully',
  deleted: 'Files deleted successfully',
  notFound: 'File not found',
  linkExpired: 'This file link has expired. Reload the page (or list the files again) for a new one.',
  linkInvalid: 'This file link is not valid for this file.',
  avatarSuperseded: 'Another profile picture was saved at the same time; it is the one kept.',
} as const;
