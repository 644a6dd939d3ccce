/**
 * Whether a pasted blob decodes with the serializer settings the user gave, asked of an
 * open file's view before the blob is opened as a file of its own: a blob that does not
 * decode then leaves its error beside the box it was pasted in (with its byte and bit), and
 * the user corrects the settings there, instead of a new file that shows only the error.
 * The decode is the one a file of those bytes gets (session.ts): a `BINd` file by its magic,
 * else the settings, with the same type lists.
 */
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import type { ViewJob } from '../model.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { decodeObjectTable, hasBindMagic } from './read.ts';
import { configOf } from './settings.ts';
import type { ObjectPropertyBlobCheck, TypeIndex } from './types.ts';

/** Nodes the walk adds between two pauses (and cancel checks), at first; doubled after. */
const FIRST_BATCH = 4096;

const badQuery = (detail: string) =>
  new FormatError({ code: ErrorCode.BAD_VALUE, offset: 0, detail, format: OBJECT_PROPERTY_FORMAT });

/** The settings of a question as text by name; a question that sends anything else is refused. */
function settingsOf(raw: unknown): Record<string, string> {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null) throw badQuery('the settings are not an object');
  const entries = Object.entries(raw);
  if (entries.some(([, value]) => typeof value !== 'string'))
    throw badQuery('every setting is text');
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * Decodes `bytes` as a file of them would be decoded: the error that stops it (a FormatError
 * as data, or a bad setting), or null with the count of nodes read. A cancel is thrown.
 */
export async function checkBlob(
  bytes: unknown,
  rawSettings: unknown,
  types: TypeIndex | null,
  job: ViewJob,
): Promise<ObjectPropertyBlobCheck> {
  if (!(bytes instanceof Uint8Array)) throw badQuery('the blob’s bytes are not a byte array');
  const settings = settingsOf(rawSettings);
  try {
    const config = hasBindMagic(bytes) ? undefined : configOf(settings);
    const { decode } = await decodeObjectTable(
      bytes,
      { ...(config ? { config } : {}), types },
      {
        firstBatch: FIRST_BATCH,
        async batch() {
          job.signal.throwIfCancelled();
          await job.pause();
        },
      },
    );
    return { error: null, nodeCount: decode.table.count };
  } catch (error) {
    if (error instanceof FormatError && error.code === ErrorCode.CANCELLED) throw error;
    return { error: toErrorInfo(error), nodeCount: 0 };
  }
}
