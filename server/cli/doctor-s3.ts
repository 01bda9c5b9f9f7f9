import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { explainS3Error, makeS3Client, placeOf } from '../s3/client.ts';
import { backupS3Settings, storageS3Settings, type S3Settings } from '../s3/settings.ts';
import type { Finding } from './doctor.ts';

async function bucketFinding(check: string, settings: S3Settings, fix: string): Promise<Finding> {
  const client = makeS3Client(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    return { check, verdict: 'ok', message: `${placeOf(settings)} answers` };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) {
      return { check, verdict: 'warn', message: `${placeOf(settings)} does not exist yet`, fix: 'The server creates it at start; or create it yourself if these credentials may not create buckets.' };
    }
    return { check, verdict: 'fail', message: explainS3Error(error, settings), fix };
  } finally {
    client.destroy();
  }
}

/** STORAGE_BACKEND=s3 and BACKUP_S3_BUCKET: the buckets answer with these credentials (nothing is written). */
export async function s3Findings(env: NodeJS.ProcessEnv): Promise<Finding[]> {
  let storage: S3Settings | undefined;
  let backup: S3Settings | undefined;
  try {
    storage = storageS3Settings(env);
    backup = backupS3Settings(env);
  } catch (error) {
    return [{ check: 'S3', verdict: 'fail', message: (error as Error).message, fix: 'Correct the setting named above.' }];
  }
  const findings: Promise<Finding>[] = [];
  if (storage) {
    findings.push(bucketFinding('stored files (S3)', storage,
      'Until the bucket answers, uploads are refused and stored files cannot be served. Check STORAGE_S3_ENDPOINT, STORAGE_S3_BUCKET and the AWS_* credentials.'));
  }
  if (backup) {
    findings.push(bucketFinding('backup copies (S3)', backup,
      'Backups are still written to BACKUP_DIR, but no copy leaves the machine. Check BACKUP_S3_BUCKET, STORAGE_S3_ENDPOINT and the AWS_* credentials.'));
  }
  return Promise.all(findings);
}
