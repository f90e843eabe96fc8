import {
  DeleteObjectCommand,
  GetObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { S3Settings } from '../../../config/file-settings';
import type { FileStorage } from './file-storage';

// S3's smallest part. Two parts in flight plus the one filling: an upload holds at most ~15 MB, whatever its size.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Files in an S3-compatible bucket (AWS, MinIO, R2, …). Uploads stream as multipart parts of bounded size; a
 * failed upload is aborted by the SDK (`leavePartsOnError` false), so no object and no stray parts remain.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client(clientConfig(settings));
  const Bucket = settings.bucket;
  return {
    source: 's3',
    async put(key, body, contentType) {
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      // pipeline destroys the counter with the body's error, which fails the SDK's read of it. That error is
      // the one to report: the SDK may throw its abort call's instead (some services lack AbortMultipartUpload).
      let streamError: Error | null = null;
      pipeline(body, counter, (error) => (streamError = error ?? null));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        counter.destroy();
        throw streamError ?? error;
      }
      return { bytes };
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, bytes: answer.ContentLength ?? null };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for an absent key too; some compatible services answer 404, which is the same to us.
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async close() {
      client.destroy();
    },
  };
}

function clientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    // The SDK's default adds CRC checksums to every request, which some S3-compatible services refuse or mishandle.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    // Without keys the SDK's default chain applies (instance roles, AWS_PROFILE, web identity, …).
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        }
      : {}),
  };
}

/** An absent key; a missing bucket is a misconfiguration and is not hidden. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
